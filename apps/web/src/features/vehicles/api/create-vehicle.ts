import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Vehicle, type VehicleFormValues } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/query-keys';
import { toVehicleFormData, type VehicleFiles } from './vehicle-form-data';

export interface CreateVehicleInput {
  values: VehicleFormValues;
  files: VehicleFiles;
}

/** POST /api/vehicles (multipart): 201 with the vehicle; 400 with field texts, 413 too large, 415 wrong file type. */
export function createVehicle({ values, files }: CreateVehicleInput): Promise<Vehicle> {
  return api.post<Vehicle>(apiPaths.vehicles.collection, toVehicleFormData(values, files), {
    errorMessage: i18n.t('vehicles.toasts.createFailed'),
  });
}

/** Adds a vehicle; the lists refresh. */
export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: async (created) => {
      queryClient.setQueryData(vehicleKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
    },
  });
}

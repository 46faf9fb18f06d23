import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type Vehicle, type VehicleFormValues } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/query-keys';
import { toVehicleFormData, type VehicleFiles } from './vehicle-form-data';

export interface UpdateVehicleInput {
  id: number;
  values: VehicleFormValues;
  /** Only the documents to replace; the others are kept. */
  files: VehicleFiles;
}

/** PUT /api/vehicles/{id} (the same multipart form): 200 with the vehicle; 404 when it is not mine. */
export function updateVehicle({ id, values, files }: UpdateVehicleInput): Promise<Vehicle> {
  return api.put<Vehicle>(pathTo(apiPaths.vehicles.one, { id }), toVehicleFormData(values, files), {
    errorMessage: i18n.t('vehicles.toasts.updateFailed'),
  });
}

/** Changes a vehicle; the lists and the vehicle itself refresh. */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: async (updated) => {
      queryClient.setQueryData(vehicleKeys.detail(updated.id), updated);
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/query-keys';

/** DELETE /api/vehicles/{id}: 204; the vehicle's documents go with it; 404 when it is not mine. */
export function deleteVehicle(id: number): Promise<void> {
  return api.delete<void>(pathTo(apiPaths.vehicles.one, { id }), {
    errorMessage: i18n.t('vehicles.toasts.deleteFailed'),
  });
}

/** Deletes a vehicle; whatever the answer, the lists refresh (a vehicle deleted elsewhere disappears too). */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: vehicleKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() }),
  });
}

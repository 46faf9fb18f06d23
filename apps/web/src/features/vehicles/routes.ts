import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

const formPage = async () => ({ Component: (await import('./vehicle-form-page')).VehicleFormPage });

export const routes: RouteObject[] = [
  { path: webRoutes.vehicles, lazy: async () => ({ Component: (await import('./vehicles-page')).VehiclesPage }) },
  { path: webRoutes.newVehicle, lazy: formPage },
  { path: webRoutes.editVehicle, lazy: formPage },
];

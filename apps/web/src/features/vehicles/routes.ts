import type { RouteObject } from 'react-router';

const formPage = async () => ({ Component: (await import('./vehicle-form-page')).VehicleFormPage });

export const routes: RouteObject[] = [
  { path: 'vehicles', lazy: async () => ({ Component: (await import('./vehicles-page')).VehiclesPage }) },
  { path: 'vehicles/new', lazy: formPage },
  { path: 'vehicles/edit/:id', lazy: formPage },
];

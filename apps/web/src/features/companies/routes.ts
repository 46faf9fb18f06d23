import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  { path: webRoutes.myCompany, lazy: async () => ({ Component: (await import('./my-company-page')).MyCompanyPage }) },
  { path: webRoutes.company, lazy: async () => ({ Component: (await import('./company-page')).CompanyPage }) },
];

import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  { path: webRoutes.admin, lazy: async () => ({ Component: (await import('./admin-page')).AdminPage }) },
];

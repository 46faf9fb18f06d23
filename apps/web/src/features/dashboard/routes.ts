import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  {
    path: webRoutes.dashboard,
    lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }),
  },
];

import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  { path: webRoutes.profile, lazy: async () => ({ Component: (await import('./profile-page')).ProfilePage }) },
];

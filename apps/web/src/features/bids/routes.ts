import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  { path: webRoutes.bids, lazy: async () => ({ Component: (await import('./bids-page')).BidsPage }) },
];

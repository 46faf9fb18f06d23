import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

/** /orders (My Orders) and /orders/create (Create New Tender). */
export const routes: RouteObject[] = [
  { path: webRoutes.orders, lazy: async () => ({ Component: (await import('./orders-page')).OrdersPage }) },
  {
    path: webRoutes.createTender,
    lazy: async () => ({ Component: (await import('./create-tender-page')).CreateTenderPage }),
  },
];

import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

/** /orders (My Orders), /orders/create (Create New Tender) and /orders/import (tenders from a CSV file). */
export const routes: RouteObject[] = [
  { path: webRoutes.orders, lazy: async () => ({ Component: (await import('./orders-page')).OrdersPage }) },
  {
    path: webRoutes.createTender,
    lazy: async () => ({ Component: (await import('./create-tender-page')).CreateTenderPage }),
  },
  {
    path: webRoutes.importTenders,
    lazy: async () => ({ Component: (await import('./import-tenders-page')).ImportTendersPage }),
  },
];

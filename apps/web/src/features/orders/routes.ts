import type { RouteObject } from 'react-router';

/** /orders (My Orders) and /orders/create (Create New Tender). */
export const routes: RouteObject[] = [
  { path: 'orders', lazy: async () => ({ Component: (await import('./orders-page')).OrdersPage }) },
  { path: 'orders/create', lazy: async () => ({ Component: (await import('./create-tender-page')).CreateTenderPage }) },
];

import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  {
    path: 'shipment/status',
    lazy: async () => ({ Component: (await import('./shipment-status-page')).ShipmentStatusPage }),
  },
  {
    path: 'shipment/success',
    lazy: async () => ({ Component: (await import('./shipment-success-page')).ShipmentSuccessPage }),
  },
];

import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  {
    path: webRoutes.shipmentStatus,
    lazy: async () => ({ Component: (await import('./shipment-status-page')).ShipmentStatusPage }),
  },
  {
    path: webRoutes.shipmentSuccess,
    lazy: async () => ({ Component: (await import('./shipment-success-page')).ShipmentSuccessPage }),
  },
];

import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';
import { FullScreenLoader } from '../components/ui/states';
import { routes as adminRoutes } from '../features/admin/routes';
import { routes as bidsRoutes } from '../features/bids/routes';
import { routes as companiesRoutes } from '../features/companies/routes';
import { routes as dashboardRoutes } from '../features/dashboard/routes';
import { routes as notFoundRoutes } from '../features/not-found/routes';
import { routes as notificationsRoutes } from '../features/notifications/routes';
import { routes as ordersRoutes } from '../features/orders/routes';
import { routes as profileRoutes } from '../features/profile/routes';
import { routes as sampleSuccessRoutes } from '../features/sample-success/routes';
import { routes as savedSearchesRoutes } from '../features/saved-searches/routes';
import { routes as shipmentsRoutes } from '../features/shipments/routes';
import { routes as tendersRoutes } from '../features/tenders/routes';
import { routes as vehiclesRoutes } from '../features/vehicles/routes';
import { FeatureSlotsProvider } from '../lib/feature-slots';
import { FEATURE_SLOTS } from './feature-slots';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

/**
 * The signed-in pages, all inside the shell. Each feature exports `routes` (lazy route objects, paths
 * relative to /) and is added here with one import above and one spread below.
 */
const featureRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...profileRoutes,
  ...vehiclesRoutes,
  ...tendersRoutes,
  ...ordersRoutes,
  ...bidsRoutes,
  ...savedSearchesRoutes,
  ...notificationsRoutes,
  ...shipmentsRoutes,
  ...companiesRoutes,
  ...adminRoutes,
  ...sampleSuccessRoutes,
  ...notFoundRoutes, // '*': any path no page claims
];

function StartingUp() {
  const { t } = useTranslation();
  return <FullScreenLoader label={t('common.loading')} />;
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <FeatureSlotsProvider value={FEATURE_SLOTS}>
        <AppLayout />
      </FeatureSlotsProvider>
    ),
    HydrateFallback: StartingUp,
    children: [
      {
        errorElement: <RouteError />,
        // the signed-in home: the user's own figures
        children: [{ index: true, element: <Navigate to={webRoutes.tenders} replace /> }, ...featureRoutes],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The router exists from the first signed-in render on (so signed-out visitors never load the pages). */
export default function AppRouter() {
  router ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={router} />;
}

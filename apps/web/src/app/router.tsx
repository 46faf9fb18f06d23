import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/ui/states';
import { routes as notFoundRoutes } from '../features/not-found/routes';
import { routes as profileRoutes } from '../features/profile/routes';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

/**
 * The signed-in pages, all inside the shell. Each feature exports `routes` (lazy route objects, paths
 * relative to /) and is added here with one import above and one spread below.
 */
const featureRoutes: RouteObject[] = [
  ...profileRoutes,
  ...notFoundRoutes, // '*': any path no page claims
];

function StartingUp() {
  const { t } = useTranslation();
  return <FullScreenLoader label={t('common.loading')} />;
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    HydrateFallback: StartingUp,
    children: [
      {
        errorElement: <RouteError />,
        children: [{ index: true, element: <Navigate to="/tenders" replace /> }, ...featureRoutes],
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

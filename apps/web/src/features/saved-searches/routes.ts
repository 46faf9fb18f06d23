import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  {
    path: webRoutes.savedSearches,
    lazy: async () => ({ Component: (await import('./saved-searches-page')).SavedSearchesPage }),
  },
];

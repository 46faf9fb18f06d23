import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
];

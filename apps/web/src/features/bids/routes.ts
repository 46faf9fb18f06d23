import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: 'bids', lazy: async () => ({ Component: (await import('./bids-page')).BidsPage }) },
];

import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: 'success', lazy: async () => ({ Component: (await import('./sample-success-page')).SampleSuccessPage }) },
];

import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  {
    path: webRoutes.sampleSuccess,
    lazy: async () => ({ Component: (await import('./sample-success-page')).SampleSuccessPage }),
  },
];

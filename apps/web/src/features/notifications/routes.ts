import type { RouteObject } from 'react-router';
import { webRoutes } from '@yuk/shared';

export const routes: RouteObject[] = [
  {
    path: webRoutes.notifications,
    lazy: async () => ({ Component: (await import('./notifications-page')).NotificationsPage }),
  },
  {
    path: webRoutes.notificationSettings,
    lazy: async () => ({ Component: (await import('./settings-page')).NotificationSettingsPage }),
  },
];

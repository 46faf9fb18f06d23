/** The notifications module: recording what happened for whom, and telling them live. */
export { notificationsRoutes } from './notifications.routes.js';
export {
  announce,
  announceAfterBatch,
  recordNotifications,
  recordNotificationsFor,
  type NotificationDraft,
} from './notifications.service.js';

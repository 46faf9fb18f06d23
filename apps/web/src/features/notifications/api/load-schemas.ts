import { lazyModule } from '@yuk/shared';

/** The notification schemas (./schemas), imported once, when an answer or an event is first read. */
export const loadNotificationSchemas = lazyModule(() => import('./schemas'));

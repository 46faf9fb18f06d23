// The schemas the notification answers and events are read with: a chunk of their own (with zod), imported by
// ./load-schemas when the first one arrives, so that the shell of every page builds none.
export { notification, unreadCount } from '@yuk/shared';

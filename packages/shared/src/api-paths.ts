/**
 * Every path of the HTTP API, named once: the server registers its routes with these patterns, the web
 * client and the tests call them through `pathTo`. Parameters use the `:name` form.
 */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
  docsJson: '/api/docs/json',
  users: {
    register: '/api/users/register',
    login: '/api/users/login',
    refresh: '/api/users/refresh',
    logout: '/api/users/logout',
    me: '/api/users/me',
    notificationSettings: '/api/users/me/notification-settings',
    telegramLink: '/api/users/me/telegram-link',
    retryDelivery: '/api/users/me/deliveries/:id/retry',
    phoneVerify: '/api/users/me/phone/verify',
  },
  auth: {
    smsSend: '/api/auth/sms/send',
    smsVerify: '/api/auth/sms/verify',
    passwordReset: '/api/auth/password-reset',
    passwordResetConfirm: '/api/auth/password-reset/confirm',
  },
  savedSearches: {
    collection: '/api/saved-searches',
    one: '/api/saved-searches/:id',
  },
  telegram: {
    webhook: '/api/telegram/webhook',
  },
  push: {
    subscriptions: '/api/push/subscriptions',
    subscription: '/api/push/subscriptions/:id',
  },
  tenders: {
    /** POST creates a tender. */
    collection: '/api/tenders',
    all: '/api/tenders/all',
    mine: '/api/tenders/me',
    one: '/api/tenders/:id',
    minBid: '/api/tenders/:id/min-bid',
    bids: '/api/tenders/:id/bids',
    award: '/api/tenders/:id/award',
    close: '/api/tenders/:id/close',
    publish: '/api/tenders/:id/publish',
    events: '/api/tenders/:id/events',
    buyNow: '/api/tenders/:id/buy-now',
    awards: '/api/tenders/:id/awards',
  },
  bids: {
    mine: '/api/bids/me',
    confirm: '/api/bids/:id/confirm',
    decline: '/api/bids/:id/decline',
  },
  vehicles: {
    /** POST creates a vehicle. */
    collection: '/api/vehicles',
    mine: '/api/vehicles/user',
    one: '/api/vehicles/:id',
  },
  files: {
    one: '/api/files/:id',
  },
  notifications: {
    list: '/api/notifications',
    unreadCount: '/api/notifications/unread-count',
    read: '/api/notifications/:id/read',
    readAll: '/api/notifications/read-all',
    stream: '/api/notifications/stream',
  },
  companies: {
    mine: '/api/companies/me',
    verification: '/api/companies/me/verification',
    one: '/api/companies/:id',
  },
  reports: {
    collection: '/api/reports',
  },
  admin: {
    companies: '/api/admin/companies',
    verify: '/api/admin/companies/:id/verify',
    reject: '/api/admin/companies/:id/reject',
    suspend: '/api/admin/companies/:id/suspend',
    unsuspend: '/api/admin/companies/:id/unsuspend',
    reports: '/api/admin/reports',
    resolveReport: '/api/admin/reports/:id/resolve',
    moderators: '/api/admin/moderators',
  },
  shipments: {
    list: '/api/shipments',
    one: '/api/shipments/:number',
    status: '/api/shipments/:number/status',
    rating: '/api/shipments/:number/rating',
  },
} as const;

/**
 * Every path of the HTTP API, named once: the server registers its routes with these patterns, the web
 * client and the tests call them through `pathTo`. Parameters use the `:name` form.
 */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/api/health',
  /** The settings the web client needs before anyone signs in (the map's tiles). */
  config: '/api/config',
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
    /** GET: my sessions (the current one marked). */
    sessions: '/api/users/me/sessions',
    /** DELETE signs one of my other sessions out. */
    session: '/api/users/me/sessions/:id',
    signOutOtherSessions: '/api/users/me/sessions/sign-out-others',
    /** GET my ERI-Key link, POST links a signed certificate, DELETE unlinks. */
    eri: '/api/users/me/eri',
    /** POST links my account to the Telegram user of a Mini App launch (its init data). */
    telegram: '/api/users/me/telegram',
  },
  auth: {
    smsSend: '/api/auth/sms/send',
    smsVerify: '/api/auth/sms/verify',
    passwordReset: '/api/auth/password-reset',
    passwordResetConfirm: '/api/auth/password-reset/confirm',
    eriChallenge: '/api/auth/eri/challenge',
    /** POST: sign in with a PKCS#7 made by E-IMZO over a fresh challenge. */
    eri: '/api/auth/eri',
    /** POST: sign in with a Telegram Mini App launch's init data. */
    telegram: '/api/auth/telegram',
  },
  savedSearches: {
    collection: '/api/saved-searches',
    one: '/api/saved-searches/:id',
  },
  /** A shipment followed through a share link, without an account. */
  track: {
    one: '/api/track/:token',
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
    /** POST: tenders from a CSV file (multipart), checked only with ?dry_run=true. */
    import: '/api/tenders/import',
    /** GET: the import's CSV template, header row and one example row. */
    importTemplate: '/api/tenders/import/template',
    /** GET: the questions I may read; POST: ask one (anyone signed in but the owner, while open). */
    questions: '/api/tenders/:id/questions',
    /** POST: the owner answers a question. */
    answer: '/api/tenders/:id/questions/:qid/answer',
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
    /** The audit trail, filtered and paged (moderators). */
    audit: '/api/admin/audit',
    /** GET: the accounts refused most often by the quotas (moderators). */
    quotaHits: '/api/admin/quota-hits',
    /** GET: each tender channel in Telegram with its last post and failures (moderators). */
    telegramChannels: '/api/admin/telegram-channels',
    /** POST: hide the question or message a report is about (and resolve the report). */
    hideReportSubject: '/api/admin/reports/:id/hide',
  },
  market: {
    lanePrice: '/api/market/lane-price',
  },
  /** GET: my figures by Tashkent month (`from`, `to`). */
  dashboard: '/api/dashboard',
  conversations: {
    /** GET: my unread messages, per shipment. */
    unread: '/api/conversations/unread',
  },
  shipments: {
    list: '/api/shipments',
    one: '/api/shipments/:number',
    status: '/api/shipments/:number/status',
    rating: '/api/shipments/:number/rating',
    positions: '/api/shipments/:number/positions',
    /** Server-Sent Events of one shipment: `position` and `status`. */
    events: '/api/shipments/:number/events',
    /** POST makes a tracking link; DELETE revokes every link of the shipment. */
    share: '/api/shipments/:number/share',
    shareOne: '/api/shipments/:number/share/:token',
    proof: '/api/shipments/:number/proof',
    deliveryNote: '/api/shipments/:number/delivery-note.pdf',
    /** GET: the award as a canonical document to sign, and who has signed it (both parties). */
    award: '/api/shipments/:number/award',
    /** POST: my side's signature of the award (a PKCS#7 from E-IMZO). */
    awardSignatures: '/api/shipments/:number/award/signatures',
    /** GET: one side's signed award, the timestamped PKCS#7 (`side=owner|carrier`). */
    awardP7s: '/api/shipments/:number/award.p7s',
    /** GET: the conversation of the two parties, paged (`before`, `limit`); POST: a message (JSON or multipart). */
    messages: '/api/shipments/:number/messages',
    /** POST: I have read up to this entry. */
    messagesRead: '/api/shipments/:number/messages/read',
    /** GET the e-waybill (e-TTN) as it stands; PUT my side's fields; POST forms it at the operator (Didox). */
    waybill: '/api/shipments/:number/waybill',
    /** GET: what my E-IMZO signs next for the waybill. */
    waybillToSign: '/api/shipments/:number/waybill/to-sign',
    /** POST: a signature E-IMZO made over what to-sign gave. */
    waybillSignatures: '/api/shipments/:number/waybill/signatures',
    /** GET: the operator's print form of the waybill (PDF). */
    waybillPdf: '/api/shipments/:number/waybill.pdf',
  },
  /** The process answers (a supervisor's liveness check). */
  healthLive: '/api/health/live',
  /** Ready for traffic: 503 while starting and once told to stop (a load balancer's check). */
  healthReady: '/api/health/ready',
} as const;

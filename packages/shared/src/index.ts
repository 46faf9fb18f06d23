// package.json declares the package free of side effects: a bundle keeps only the modules whose exports it
// uses (the login screen gets the user schemas, not the tender or vehicle ones). Keep every module free of
// top-level effects, e.g. no z.config(…) or registry calls made for their effect alone.
export * from './language.js';
export * from './texts.js';
export * from './errors.js';
export * from './field-messages.js';
export * from './constants.js';
export * from './users.js';
export * from './ids.js';
export * from './health.js';
export * from './files.js';
export * from './vehicles.js';
export * from './bids.js';
export * from './time.js';
export * from './auction.js';
export * from './money.js';
export * from './cities.js';
export * from './tender-filters.js';
export * from './tenders.js';
export * from './notifications.js';
export * from './notification-settings.js';
export * from './saved-searches.js';
export * from './shipments.js';
export * from './companies.js';
export * from './ratings.js';
export * from './paths.js';
export * from './api-paths.js';
export * from './web-routes.js';

/** The market module: what accepted deals say about prices, kept up to date as each award settles. */
export { marketRoutes } from './market.routes.js';
export { getLanePrice, recordLaneDeal, type MarketContext } from './market.service.js';

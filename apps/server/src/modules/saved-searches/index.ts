/** The saved-searches module: a carrier's lanes, and telling them of every tender that opens on one. */
export { savedSearchesRoutes } from './saved-searches.routes.js';
export { savedSearchDueHandlers } from './saved-searches.service.js';
export { insertSavedSearches } from './saved-searches.repository.js';

/** The auth module: signing in by SMS code, proving a phone, and recovering a forgotten password. */
export { authRoutes } from './auth.routes.js';
export { issuePasswordReset, type AuthContext } from './auth.service.js';

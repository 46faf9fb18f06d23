/** The users module: accounts, sign-in, sessions and tokens. */
export { usersRoutes } from './users.routes.js';
export { registerUser } from './users.service.js';
export {
  contactsOfUsers,
  findActiveSession,
  findUserByEmail,
  findUserRole,
  grantModerator,
  setUserLanguage,
} from './users.repository.js';
export { assertModerator } from './roles.js';
export { createTokenService, type TokenService } from './tokens.js';
export { createLoginThrottle, type LoginThrottlePolicy } from './login-throttle.js';

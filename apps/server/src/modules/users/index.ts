/** The users module: accounts, sign-in, sessions and tokens. */
export { usersRoutes } from './users.routes.js';
export { getCurrentUser, registerUser, replacePassword, startSession, type UsersContext } from './users.service.js';
export { hashPassword } from './passwords.js';
export { setRefreshCookie } from './session-cookie.js';
export {
  contactsOfUsers,
  findUserByVerifiedPhone,
  setVerifiedPhone,
  isSessionOpenFor,
  findUserByEmail,
  findUserRole,
  grantModerator,
  moderatorIds,
  setUserLanguage,
} from './users.repository.js';
export { assertModerator } from './roles.js';
export { createTokenService, type TokenService } from './tokens.js';
export { createLoginThrottle, type LoginThrottlePolicy } from './login-throttle.js';

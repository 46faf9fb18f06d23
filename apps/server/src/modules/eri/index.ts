/** The eri module: signing in with an ERI key (E-IMZO), linking an account to its holder, and E-IMZO-SERVER. */
export { eriRoutes } from './eri.routes.js';
export { type EriContext } from './eri.service.js';
export {
  createEimzoClient,
  type DocumentCheck,
  type DocumentSigner,
  type EimzoClient,
  type EimzoSettings,
  type JoinResult,
  type SignerCertificate,
} from './eimzo-client.js';
export { findLinkOfUser } from './eri.repository.js';

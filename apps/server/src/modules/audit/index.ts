/** The audit module: the append-only trail of security-relevant actions, and its reading by moderators. */
export { auditRoutes } from './audit.routes.js';
export { maskEmail, maskPhone, recordAudit, type AuditContext, type AuditRecord } from './audit.service.js';

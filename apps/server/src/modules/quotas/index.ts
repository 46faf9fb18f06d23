/** The quotas module: limits on what each person writes, counted centrally, and the refusals moderators read. */
export { quotasPlugin } from './quotas.hook.js';
export { quotasRoutes } from './quotas.routes.js';
export {
  createQuotaGuard,
  cleanupQuotas,
  startQuotaCleanup,
  windowStartOf,
  formatWait,
  UNDECLARED_UPLOAD_BYTES,
  type QuotaGuard,
  type QuotaShortfall,
  type QuotasContext,
} from './quotas.service.js';
export {
  createDatabaseCounters,
  createRedisCounters,
  type CounterEntry,
  type QuotaCounters,
} from './quota-counters.js';
export { leaseSize } from './quota-leases.js';
export {
  DEFAULT_QUOTAS,
  parseQuotaSetting,
  quotaSettingName,
  quotaTableFromEnv,
  scaleQuotas,
  type QuotaRoute,
  type QuotaRule,
  type QuotaSubject,
  type QuotaTable,
  type QuotaWindow,
} from './quotas.config.js';

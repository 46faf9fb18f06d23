/** Running it in production: /metrics, backups (on demand and scheduled) and their restore. */
export { metricsRoutes, type MetricsContext, type MetricsOptions } from './metrics.routes.js';
export {
  backupDatabase,
  restoreDatabase,
  runScheduledBackup,
  startBackupSchedule,
  type BackupContext,
  type BackupSchedule,
  type RestoreTarget,
} from './backups.service.js';
export { lastBackup } from './operations.repository.js';

import type { Generated } from 'kysely';

/** One row per backup the schedule took (the command line's are not recorded): the last success is reported. */
export interface BackupsTable {
  id: Generated<number>;
  /** The file's name inside BACKUP_DIR. */
  file: string;
  bytes: number;
  started_at: string;
  finished_at: string;
}

export interface OperationsTables {
  backups: BackupsTable;
}

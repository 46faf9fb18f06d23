import type { Generated } from 'kysely';
import type { NotificationKind, NotificationType } from '@yuk/shared';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  kind: NotificationKind;
  /** JSON object of the template's params; the texts are rendered in the reader's language when read. */
  params: string;
  link: string;
  read_at: string | null;
  created_at: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}

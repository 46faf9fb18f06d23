import type { Generated } from 'kysely';
import type { ConversationSide, SystemLineKind } from '@yuk/shared';

/** An entry of a shipment's conversation: a message of one side, or a system line of the shipment's events. */
export interface ShipmentMessagesTable {
  id: Generated<number>;
  shipment_id: number;
  /** Null for a system line. */
  author_id: number | null;
  side: ConversationSide | null;
  /** As typed; shown as text. */
  text: string | null;
  /** A photo or PDF in the files table. */
  file_id: string | null;
  system_kind: SystemLineKind | null;
  /** JSON object of the system line's params. */
  system_params: string | null;
  hidden_by: number | null;
  hidden_at: string | null;
  created_at: string;
}

/** Each party's read mark, and the last entry a notification told them of. */
export interface ConversationReadsTable {
  id: Generated<number>;
  shipment_id: number;
  user_id: number;
  side: ConversationSide;
  read_up_to: Generated<number>;
  notified_up_to: Generated<number>;
}

export interface ConversationsTables {
  shipment_messages: ShipmentMessagesTable;
  conversation_reads: ConversationReadsTable;
}

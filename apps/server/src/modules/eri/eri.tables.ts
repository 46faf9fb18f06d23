import type { Selectable } from 'kysely';

/** A user's link to one certificate holder (by PINFL), as E-IMZO-SERVER described the certificate when linked. */
export interface EriLinksTable {
  user_id: number;
  /** The holder's personal number (14 digits); one user per PINFL. */
  pinfl: string;
  /** The certificate's CN. */
  name: string;
  /** The organisation's STIR on an organisation certificate. */
  stir: string | null;
  serial_number: string;
  valid_from: string;
  valid_to: string;
  linked_at: string;
}

export interface EriTables {
  eri_links: EriLinksTable;
}

export type EriLinkRow = Selectable<EriLinksTable>;

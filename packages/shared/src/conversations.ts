import { z } from 'zod';
import { idParams, MAX_RECORD_ID } from './ids.js';
import { typedText } from './typed-input.js';

/**
 * Questions on a tender before bidding, and the conversation of a shipment's two parties after the award
 * (decision 031). Texts are kept exactly as typed and always shown as text.
 */

export const QUESTION_TEXT_MAX = 1000;
export const MESSAGE_TEXT_MAX = 2000;
/** Messages a page of the conversation holds at most (and by default). */
export const MESSAGES_PAGE_MAX = 100;
export const MESSAGES_PAGE_DEFAULT = 50;

/** A text of 1 to `max` characters: trimmed, line breaks allowed, other control characters refused. */
const lines = (max: number) => typedText(max, { lineBreaks: true });

const recordId = z
  .number({ error: 'integer' })
  .int({ error: 'integer' })
  .positive({ error: 'integer' })
  .max(MAX_RECORD_ID, { error: 'integer' });

/** `:id` of the tender and `:qid` of its question in a path. */
export const tenderQuestionParams = idParams.extend({ qid: idParams.shape.id });

export const tenderQuestionInput = z
  .object({ text: lines(QUESTION_TEXT_MAX) })
  .meta({ examples: [{ text: 'Is a refrigerated trailer needed, or is a tented one enough?' }] });
export type TenderQuestionInput = z.input<typeof tenderQuestionInput>;

export const tenderAnswerInput = z
  .object({ text: lines(QUESTION_TEXT_MAX) })
  .meta({ examples: [{ text: 'A tented trailer is enough: the cargo is cement in bags.' }] });
export type TenderAnswerInput = z.input<typeof tenderAnswerInput>;

export const tenderQuestion = z
  .object({
    id: z.number().int(),
    tender_id: z.number().int(),
    /** Null when a moderator hid it. */
    text: z.string().nullable(),
    /** The asker's name for the owner and the asker; null for everyone else ("a carrier"). */
    asker_name: z.string().nullable(),
    mine: z.boolean().describe('I asked it'),
    answer: z
      .object({ text: z.string().nullable(), answered_at: z.string() })
      .nullable()
      .describe('Null while unanswered; an unanswered question is seen only by the owner and its asker'),
    hidden: z.boolean().describe('Hidden by a moderator: neither the question nor its answer is shown'),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 7,
        tender_id: 123,
        text: 'Is a refrigerated trailer needed, or is a tented one enough?',
        asker_name: null,
        mine: false,
        answer: {
          text: 'A tented trailer is enough: the cargo is cement in bags.',
          answered_at: '2026-11-26T09:30:00.000Z',
        },
        hidden: false,
        created_at: '2026-11-26T09:00:00.000Z',
      },
    ],
  });
export type TenderQuestion = z.infer<typeof tenderQuestion>;

export const CONVERSATION_SIDES = ['owner', 'carrier'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/**
 * The short lines the shipment's own events write into its conversation. `loaded`, `on_the_way` and
 * `delivered` come with the steps; `waybill_signed` is for the e-waybill.
 */
export const SYSTEM_LINE_KINDS = ['loaded', 'on_the_way', 'delivered', 'waybill_signed'] as const;
export type SystemLineKind = (typeof SYSTEM_LINE_KINDS)[number];

/** Photos and PDFs a message may carry, judged by their bytes. */
export const MESSAGE_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const messageAttachment = z.object({
  /** A signed link, valid about an hour. */
  url: z.string(),
  content_type: z.enum(MESSAGE_ATTACHMENT_TYPES),
  name: z.string(),
  size: z.number().int(),
});

export const conversationEntry = z
  .object({
    id: z.number().int(),
    kind: z.enum(['message', 'system']),
    /** Who wrote it; null for a system line. */
    side: z.enum(CONVERSATION_SIDES).nullable(),
    /** As typed; null for a system line, an attachment alone, or a hidden message. */
    text: z.string().nullable(),
    attachment: messageAttachment.nullable(),
    system: z
      .object({ kind: z.enum(SYSTEM_LINE_KINDS), params: z.record(z.string(), z.union([z.string(), z.number()])) })
      .nullable(),
    hidden: z.boolean().describe('Hidden by a moderator'),
    read: z.boolean().describe('The other side (not the author) has read it'),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 41,
        kind: 'message',
        side: 'carrier',
        text: 'The driver will be at the warehouse at 8:00. Plate 01 A 123 BC.',
        attachment: null,
        system: null,
        hidden: false,
        read: true,
        created_at: '2026-12-01T05:12:00.000Z',
      },
    ],
  });
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const conversationPage = z
  .object({
    entries: z.array(conversationEntry).describe('Oldest first'),
    /** Older entries exist: ask again with `before` = the first entry's id. */
    has_more: z.boolean(),
    my_side: z.enum(CONVERSATION_SIDES),
    /** The last entry each side has read (0: none). */
    read_up_to: z.object({ owner: z.number().int(), carrier: z.number().int() }),
  })
  .meta({
    examples: [
      {
        entries: [],
        has_more: false,
        my_side: 'owner',
        read_up_to: { owner: 0, carrier: 0 },
      },
    ],
  });
export type ConversationPage = z.infer<typeof conversationPage>;

export const conversationQuery = z.object({
  before: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .positive({ error: 'integer' })
    .max(MAX_RECORD_ID, { error: 'integer' })
    .optional()
    .describe('The entries before this id (the first entry of the page already shown)'),
  limit: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .min(1, { error: 'positive' })
    .max(MESSAGES_PAGE_MAX, { error: 'too_large' })
    .default(MESSAGES_PAGE_DEFAULT),
});
export type ConversationQuery = z.input<typeof conversationQuery>;

export const messageInput = z
  .object({ text: lines(MESSAGE_TEXT_MAX) })
  .meta({ examples: [{ text: 'The driver will be at the warehouse at 8:00.' }] });
export type MessageInput = z.input<typeof messageInput>;

/** The text beside a photo or PDF: optional there. */
export const messageFormFields = z.object({ text: lines(MESSAGE_TEXT_MAX).optional() });

export const readMarkInput = z.object({ up_to: recordId }).meta({ examples: [{ up_to: 41 }] });
export type ReadMarkInput = z.input<typeof readMarkInput>;

export const readMark = z
  .object({ side: z.enum(CONVERSATION_SIDES), up_to: z.number().int() })
  .meta({ examples: [{ side: 'owner', up_to: 41 }] });
export type ReadMark = z.infer<typeof readMark>;

export const unreadMessages = z
  .object({
    total: z.number().int(),
    shipments: z.array(z.object({ number: z.string(), unread: z.number().int() })).describe('Only those with any'),
  })
  .meta({ examples: [{ total: 3, shipments: [{ number: 'YT-000123', unread: 3 }] }] });
export type UnreadMessages = z.infer<typeof unreadMessages>;

/** A text as a notification quotes it: one line, at most `max` characters (an ellipsis when cut). */
export function oneLinePreview(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/** The shipment's event stream: a new entry of the conversation, and a side's read mark. */
export const MESSAGE_EVENT = 'message';
export const READ_EVENT = 'read';

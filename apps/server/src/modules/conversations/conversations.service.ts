import { randomBytes } from 'node:crypto';
import {
  MESSAGE_EVENT,
  oneLinePreview,
  READ_EVENT,
  readNotificationParams,
  shipmentStatusLink,
  type ConversationEntry,
  type ConversationPage,
  type ConversationSide,
  type ReadMark,
  type SystemLineKind,
  type UnreadMessages,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { scheduleDueOnce } from '../../db/due-actions.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { insertFile, type CheckedFile, type FileLinks } from '../files/index.js';
import type { DueHandlers } from '../deadlines/index.js';
import { announce, announceAfterBatch, recordNotifications } from '../notifications/index.js';
import { findShipmentById, findShipmentParties, shipmentChannel } from '../shipments/index.js';
import * as repo from './conversations.repository.js';

export interface ConversationsContext {
  db: Db;
  bus: EventBus;
  fileLinks: FileLinks;
  /** Tests move the clock. */
  now?: () => Date;
}

/**
 * How long a message waits before the other party, not on the page, is told of it: the lines written meanwhile
 * join the same notification (one for a burst). Reading them in time tells nothing.
 */
export const MESSAGE_DIGEST_DELAY_MS = 60_000;

const nowMs = (ctx: { now?: () => Date }) => (ctx.now?.() ?? new Date()).getTime();

type SystemParams = Record<string, string | number>;

function systemParamsOf(json: string | null): SystemParams {
  return json === null ? {} : readNotificationParams(json);
}

/** An entry as both parties see it: `read` is whether the side that did not write it has read it. */
function present(row: repo.EntryRow, readUpTo: Record<ConversationSide, number>, fileLinks: FileLinks) {
  const hidden = row.hidden_at !== null;
  const other: ConversationSide | null = row.side === null ? null : row.side === 'owner' ? 'carrier' : 'owner';
  const entry: ConversationEntry = {
    id: row.id,
    kind: row.system_kind === null ? 'message' : 'system',
    side: row.side,
    text: hidden ? null : row.text,
    attachment:
      hidden || row.file_id === null || row.file_type === null
        ? null
        : {
            url: fileLinks.linkTo(row.file_id),
            content_type: row.file_type as NonNullable<ConversationEntry['attachment']>['content_type'],
            name: row.file_name ?? '',
            size: row.file_size ?? 0,
          },
    system: row.system_kind === null ? null : { kind: row.system_kind, params: systemParamsOf(row.system_params) },
    hidden,
    read: other !== null && readUpTo[other] >= row.id,
    created_at: row.created_at,
  };
  return entry;
}

async function readMarks(db: Db, shipmentId: number): Promise<Record<ConversationSide, number>> {
  const marks = { owner: 0, carrier: 0 };
  for (const row of await repo.readsOf(db, shipmentId)) marks[row.side] = Math.max(marks[row.side], row.read_up_to);
  return marks;
}

/** Before an upload is read: a party of the shipment, or SHIPMENT_NOT_FOUND. */
export async function ensureParty(ctx: ConversationsContext, userId: number, number: string): Promise<void> {
  await findShipmentParties(ctx.db, userId, number);
}

/** The shipment and the caller's side in it; anyone but its two parties: SHIPMENT_NOT_FOUND. */
async function partyOf(ctx: ConversationsContext, userId: number, number: string) {
  const shipment = await findShipmentParties(ctx.db, userId, number);
  const side: ConversationSide = shipment.owner_id === userId ? 'owner' : 'carrier';
  return { shipment, side };
}

export async function listConversation(
  ctx: ConversationsContext,
  userId: number,
  number: string,
  query: { before?: number | undefined; limit: number },
): Promise<ConversationPage> {
  const { shipment, side } = await partyOf(ctx, userId, number);
  const { page, hasMore } = pageOf(await repo.listEntries(ctx.db, shipment.id, query.before, query.limit), query.limit);
  const marks = await readMarks(ctx.db, shipment.id);
  return {
    entries: page.reverse().map((row) => present(row, marks, ctx.fileLinks)),
    has_more: hasMore,
    my_side: side,
    read_up_to: marks,
  };
}

const newFileId = () => randomBytes(16).toString('hex');

/** What a message carries: its text, a photo or PDF (already checked by the files module), or both. */
export interface MessageContent {
  text?: string | undefined;
  file?: CheckedFile | undefined;
}

/**
 * A party writes to the other. The author's read mark moves to their own message; the other party, unless they
 * read it within MESSAGE_DIGEST_DELAY_MS, is told once for the burst. Both pages get it on the shipment's stream.
 */
export async function sendMessage(
  ctx: ConversationsContext,
  userId: number,
  number: string,
  content: MessageContent,
): Promise<ConversationEntry> {
  const text = content.text ?? null;
  if (text === null && !content.file) throw new AppError('VALIDATION_FAILED', { fields: { text: 'required' } });
  const { shipment, side } = await partyOf(ctx, userId, number);
  const at = nowMs(ctx);
  const createdAt = new Date(at).toISOString();
  const otherId = side === 'owner' ? shipment.carrier_id : shipment.owner_id;
  const entryId = await ctx.db.transaction().execute(async (trx) => {
    let fileId: string | null = null;
    if (content.file) {
      fileId = newFileId();
      await insertFile(trx, {
        id: fileId,
        owner_id: userId,
        content_type: content.file.content_type,
        size: content.file.data.length,
        original_name: content.file.original_name,
        data: content.file.data,
        created_at: createdAt,
      });
    }
    const id = await repo.insertEntry(trx, {
      shipment_id: shipment.id,
      author_id: userId,
      side,
      text,
      file_id: fileId,
      system_kind: null,
      system_params: null,
      hidden_by: null,
      hidden_at: null,
      created_at: createdAt,
    });
    await repo.ensureParties(trx, shipment.id, [
      { user_id: shipment.owner_id, side: 'owner' },
      { user_id: shipment.carrier_id, side: 'carrier' },
    ]);
    await repo.moveReadMark(trx, shipment.id, userId, id);
    const other = (await repo.readsOf(trx, shipment.id)).find((row) => row.user_id === otherId);
    if (other) await scheduleDueOnce(trx, 'message_digest', other.id, at + MESSAGE_DIGEST_DELAY_MS);
    return id;
  });
  const entry = await entryOf(ctx, shipment.id, entryId);
  await publishEntry(ctx.bus, number, entry);
  // the other party's open tabs count their unread messages again (their notification stream is woken)
  await announce(ctx.bus, [otherId]);
  return entry;
}

async function entryOf(ctx: ConversationsContext, shipmentId: number, entryId: number): Promise<ConversationEntry> {
  const row = await repo.findEntry(ctx.db, entryId);
  if (!row) throw new AppError('NOT_FOUND');
  return present(row, await readMarks(ctx.db, shipmentId), ctx.fileLinks);
}

/** Tells both parties' open pages (on every instance) of a new or changed entry. */
export async function publishEntry(bus: EventBus, number: string, entry: ConversationEntry): Promise<void> {
  await bus.publish(shipmentChannel(number), { event: MESSAGE_EVENT, data: entry });
}

/**
 * The caller has read the conversation up to an entry (beyond the last one: up to the last one). A mark never
 * moves back; the other party's page shows it at once.
 */
export async function markRead(
  ctx: ConversationsContext,
  userId: number,
  number: string,
  upTo: number,
): Promise<ReadMark> {
  const { shipment, side } = await partyOf(ctx, userId, number);
  const last = await repo.lastEntryId(ctx.db, shipment.id);
  const mark = Math.min(upTo, last);
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (last === 0) return false;
    await repo.ensureParties(trx, shipment.id, [{ user_id: userId, side }]);
    return repo.moveReadMark(trx, shipment.id, userId, mark);
  });
  const marks = await readMarks(ctx.db, shipment.id);
  const answer: ReadMark = { side, up_to: marks[side] };
  if (moved) await ctx.bus.publish(shipmentChannel(number), { event: READ_EVENT, data: answer });
  return answer;
}

/** My unread messages (the other side's, after my read mark), per shipment. */
export async function unreadMessages(ctx: ConversationsContext, userId: number): Promise<UnreadMessages> {
  const rows = await repo.unreadOf(ctx.db, userId);
  const shipments = rows.map((row) => ({ number: row.number, unread: Number(row.unread) }));
  return { total: shipments.reduce((sum, row) => sum + row.unread, 0), shipments };
}

/** A line of what happened to the shipment, in the caller's transaction (see index.ts). */
export async function appendSystemLine(
  trx: Db,
  line: { shipmentId: number; kind: SystemLineKind; params?: SystemParams; at?: Date },
): Promise<number> {
  return repo.insertEntry(trx, {
    shipment_id: line.shipmentId,
    author_id: null,
    side: null,
    text: null,
    file_id: null,
    system_kind: line.kind,
    system_params: JSON.stringify(line.params ?? {}),
    hidden_by: null,
    hidden_at: null,
    created_at: (line.at ?? new Date()).toISOString(),
  });
}

/**
 * Due MESSAGE_DIGEST_DELAY_MS after the first message of a burst (the schedule's `message_digest`, in its
 * transaction): the party is told of the other side's messages they have neither read nor been told of, once.
 * Returns the users to tell live once the transaction commits.
 */
export async function sendMessageDigest(trx: Db, readId: number): Promise<number[]> {
  const party = await repo.findReadRow(trx, readId);
  if (!party) return [];
  const after = Math.max(party.read_up_to, party.notified_up_to);
  const { count, last } = await repo.messagesAfter(trx, party.shipment_id, party.side, after);
  if (count === 0 || !last) return [];
  await repo.setNotifiedUpTo(trx, party.id, last.id);
  return recordNotifications(trx, [
    {
      userId: party.user_id,
      kind: 'shipment_messages',
      params: {
        number: party.number,
        count,
        author: `${last.first_name} ${last.last_name}`,
        preview: last.text === null ? '📎' : oneLinePreview(last.text),
      },
      link: shipmentStatusLink(party.number),
    },
  ]);
}

/** For a report: the message's text when the reporter is a party (else undefined, as if there were none). */
export async function reportableMessage(
  db: Db,
  userId: number,
  entryId: number,
): Promise<{ text: string } | undefined> {
  const row = await repo.findEntry(db, entryId);
  if (!row || row.author_id === null) return undefined;
  const parties = await repo.readsOf(db, row.shipment_id);
  if (!parties.some((party) => party.user_id === userId)) return undefined;
  return { text: row.text ?? row.file_name ?? '' };
}

/** A moderator hides a message, in the caller's transaction; undefined when there is no such message. */
export async function hideMessage(trx: Db, moderatorId: number, entryId: number, at: string) {
  const row = await repo.findEntry(trx, entryId);
  if (!row || row.author_id === null) return undefined;
  const hidden = await repo.hideEntry(trx, entryId, moderatorId, at);
  const shipment = await findShipmentById(trx, row.shipment_id);
  return { hidden, number: shipment?.number ?? '' };
}

/**
 * After the commit that wrote or changed an entry (a system line, a hidden message): both parties' open pages get
 * it on the shipment's stream.
 */
export async function announceEntry(ctx: ConversationsContext, number: string, entryId: number): Promise<void> {
  const row = await repo.findEntry(ctx.db, entryId);
  if (row) await publishEntry(ctx.bus, number, present(row, await readMarks(ctx.db, row.shipment_id), ctx.fileLinks));
}

/** What the reported messages say (or the name of their file), by id, for moderators. */
export async function reportedMessageTexts(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await repo.messageTexts(db, ids)).map((row) => [row.id, row.text ?? row.original_name ?? '']));
}

/** The schedule's `message_digest`: the party is told of the burst (see sendMessageDigest). */
export const conversationDueHandlers = {
  message_digest: {
    each: async (trx: Db, readId: number, batch) => announceAfterBatch(batch, await sendMessageDigest(trx, readId)),
  },
} satisfies Partial<DueHandlers>;

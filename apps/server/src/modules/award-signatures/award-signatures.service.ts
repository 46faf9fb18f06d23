import type { FastifyBaseLogger } from 'fastify';
import {
  awardAmount,
  awardP7sFileName,
  canonicalJson,
  shipmentStatusLink,
  type AwardDocument,
  type AwardSide,
  type AwardSignature,
  type AwardState,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { recordAudit } from '../audit/index.js';
import { companiesOfUsers } from '../companies/index.js';
import { findLinkOfUser, type DocumentSigner, type EimzoClient } from '../eri/index.js';
import { announce, recordNotifications } from '../notifications/index.js';
import { findPartyShipment } from '../shipments/index.js';
import * as repo from './award-signatures.repository.js';
import type { AwardSignatureRow } from './award-signatures.tables.js';

export interface AwardSignaturesContext {
  db: Db;
  /** Tells the other party's open pages that a notification came. */
  bus: EventBus;
  /** Absent when EIMZO_SERVER_URL is not set: signing answers 503 ERI_UNAVAILABLE (reading still works). */
  eimzo: EimzoClient | undefined;
  now?: () => number;
  /** Where a failed join of the two signatures is reported (it is tried again at the next download). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

type PartyShipment = Awaited<ReturnType<typeof findPartyShipment>>;

const sideOf = (shipment: PartyShipment, userId: number): AwardSide =>
  shipment.owner_id === userId ? 'owner' : 'carrier';

/** The award as it stands: the shipment's terms (fixed at the award) and both companies as they are now. */
async function liveDocument(db: Db, shipment: PartyShipment): Promise<string> {
  const companies = await companiesOfUsers(db, [shipment.owner_id, shipment.carrier_id]);
  const party = (userId: number, first: string, last: string) => {
    const company = companies.get(userId);
    return { company: company?.name ?? null, stir: company?.stir || null, person: `${first} ${last}` };
  };
  const document: AwardDocument = {
    document: 'Yuk Tender award',
    version: 1,
    tender_number: shipment.number,
    owner: party(shipment.owner_id, shipment.owner_first_name, shipment.owner_last_name),
    carrier: party(shipment.carrier_id, shipment.carrier_first_name, shipment.carrier_last_name),
    origin: shipment.origin,
    destination: shipment.destination,
    pickup_date: shipment.pickup_date,
    delivery_date: shipment.delivery_date,
    price: { amount: awardAmount(shipment.amount_cents), currency: 'USD' },
    awarded_at: shipment.created_at,
  };
  return canonicalJson(document);
}

/**
 * The document to sign: once one side has signed, the one it signed (both sides sign the same bytes, even if
 * a company is renamed in between); before that, the award as it stands.
 */
async function currentDocument(db: Db, shipment: PartyShipment, signatures: AwardSignatureRow[]): Promise<string> {
  return signatures[0]?.document ?? liveDocument(db, shipment);
}

const present = (row: AwardSignatureRow): AwardSignature => ({
  side: row.side,
  signer_name: row.signer_name,
  stir: row.signer_stir,
  signed_at: row.signed_at,
  timestamped_at: row.timestamped_at,
});

/** The award of a shipment of mine (owner or carrier), to read before signing, and who has signed; others 404. */
export async function getAward(ctx: AwardSignaturesContext, userId: number, number: string): Promise<AwardState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const signatures = await repo.listSignaturesOfShipment(ctx.db, shipment.id);
  const document = await currentDocument(ctx.db, shipment, signatures);
  return {
    number: shipment.number,
    my_side: sideOf(shipment, userId),
    document,
    document_base64: Buffer.from(document, 'utf8').toString('base64'),
    signatures: signatures.map(present),
  };
}

/**
 * Signs my side of the award with the PKCS#7 that E-IMZO made over the document. E-IMZO-SERVER attaches a
 * timestamp token, then checks the stamped PKCS#7; it must carry one sound signature, over exactly the current
 * document, by the person linked to my account. Each side signs once (409 AWARD_ALREADY_SIGNED).
 */
export async function signAward(
  ctx: AwardSignaturesContext,
  userId: number,
  number: string,
  pkcs7: string,
  clientAddress: string,
): Promise<AwardState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const side = sideOf(shipment, userId);
  if (!ctx.eimzo) throw new AppError('ERI_UNAVAILABLE');
  const signatures = await repo.listSignaturesOfShipment(ctx.db, shipment.id);
  if (signatures.some((row) => row.side === side)) throw new AppError('AWARD_ALREADY_SIGNED');
  const link = await findLinkOfUser(ctx.db, userId);
  if (!link) throw new AppError('AWARD_SIGNER_NOT_LINKED');
  const document = await currentDocument(ctx.db, shipment, signatures);

  // E-IMZO-SERVER checks attached documents with their timestamp token: the token is asked for first
  const stamped = await ctx.eimzo.timestamp(pkcs7, clientAddress);
  if (!stamped.ok) throw new AppError('AWARD_SIGNATURE_REFUSED');
  const check = await ctx.eimzo.verifyAttached(stamped.pkcs7, clientAddress);
  if (!check.ok || check.signers.length !== 1) throw new AppError('AWARD_SIGNATURE_REFUSED');
  const [signer] = check.signers;
  if (!signer?.valid) throw new AppError('AWARD_SIGNATURE_REFUSED');
  if (!check.document.equals(Buffer.from(document, 'utf8'))) throw new AppError('AWARD_DOCUMENT_MISMATCH');
  if (signer.certificate.pinfl !== link.pinfl) throw new AppError('AWARD_SIGNER_MISMATCH');
  // a stamped document whose check shows no token's time is not something we can judge
  if (!signer.timestampedAt) throw new AppError('ERI_UNAVAILABLE');

  const signedAt = new Date(ctx.now?.() ?? Date.now()).toISOString();
  const { certificate } = signer;
  const otherSide: AwardSide = side === 'owner' ? 'carrier' : 'owner';
  const { told, other } = await ctx.db.transaction().execute(async (trx) => {
    // the other side may have signed meanwhile: both signatures must be of one document
    const other = await repo.findSignature(trx, shipment.id, otherSide);
    if (other && other.document !== document) throw new AppError('AWARD_DOCUMENT_MISMATCH');
    const inserted = await repo.insertSignature(trx, {
      shipment_id: shipment.id,
      side,
      user_id: userId,
      document,
      pkcs7: stamped.pkcs7,
      signer_name: certificate.name,
      signer_pinfl: certificate.pinfl ?? link.pinfl,
      signer_stir: certificate.stir,
      serial_number: certificate.serialNumber,
      signed_at: signedAt,
      timestamped_at: signer.timestampedAt?.toISOString() ?? signedAt,
    });
    if (!inserted) throw new AppError('AWARD_ALREADY_SIGNED');
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'shipment.award_signed',
      subject: { type: 'shipment', id: shipment.number },
      details: { side, serial_number: certificate.serialNumber, stir: certificate.stir },
    });
    // the other party hears of it in the app and on the channels they chose
    const told = await recordNotifications(trx, [
      {
        userId: otherSide === 'owner' ? shipment.owner_id : shipment.carrier_id,
        kind: 'award_signed',
        params: { number: shipment.number, signer: certificate.name },
        link: shipmentStatusLink(shipment.number),
      },
    ]);
    return { told, other };
  });
  await announce(ctx.bus, told);
  // the second signature: both are joined into one PKCS#7 now; a failure leaves it to the next download
  if (other) await joinAward(ctx, shipment.id, clientAddress);
  return getAward(ctx, userId, number);
}

const validJoin = (signers: DocumentSigner[], rows: AwardSignatureRow[]) =>
  signers.length === rows.length &&
  signers.every((each) => each.valid) &&
  signers
    .map((each) => each.certificate.pinfl ?? '')
    .sort()
    .join() ===
    rows
      .map((row) => row.signer_pinfl)
      .sort()
      .join();

/**
 * Joins both sides' signatures into one PKCS#7 (E-IMZO-SERVER's `/frontend/pkcs7/join`) and keeps it, once it
 * checks out: the same document, exactly the two signers, both sound. Returns it, or null when either side has
 * not signed or E-IMZO-SERVER did not join (down, refused, or a result that does not check out): both
 * signatures stand, and the join is tried again at the next download.
 */
async function joinAward(ctx: AwardSignaturesContext, shipmentId: number, clientAddress: string) {
  const signatures = await repo.listSignaturesOfShipment(ctx.db, shipmentId);
  const [first, second] = signatures;
  if (!ctx.eimzo || !first || !second) return null;
  try {
    const joined = await ctx.eimzo.join(first.pkcs7, second.pkcs7, clientAddress);
    if (!joined.ok) throw new Error(`join refused: ${joined.message}`);
    const check = await ctx.eimzo.verifyAttached(joined.pkcs7, clientAddress);
    if (!check.ok || !check.document.equals(Buffer.from(first.document, 'utf8'))) {
      throw new Error('the joined award does not carry the signed document');
    }
    if (!validJoin(check.signers, signatures)) throw new Error('the joined award does not carry both signers');
    await repo.insertJoinedSignature(ctx.db, {
      shipment_id: shipmentId,
      pkcs7: joined.pkcs7,
      joined_at: new Date(ctx.now?.() ?? Date.now()).toISOString(),
    });
    // two joins at once keep the first: give what is kept
    return (await repo.findJoinedSignature(ctx.db, shipmentId)) ?? null;
  } catch (error) {
    ctx.log?.warn(
      { err: error, shipmentId },
      'the award’s two signatures were not joined; tried again at the next download',
    );
    return null;
  }
}

/**
 * The signed award as a file (the timestamped PKCS#7, DER), for either party. With a side: that side's own, 404
 * until it has signed. Without: both signers in one PKCS#7 once both have signed (joined then, or now if the
 * join failed then: 503 ERI_UNAVAILABLE while E-IMZO-SERVER cannot), the one side's while only one has signed,
 * 404 before anyone has.
 */
export async function awardP7s(
  ctx: AwardSignaturesContext,
  userId: number,
  number: string,
  side: AwardSide | undefined,
  clientAddress: string,
): Promise<{ fileName: string; p7s: Buffer }> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const signatures = await repo.listSignaturesOfShipment(ctx.db, shipment.id);
  const one = side ? signatures.find((row) => row.side === side) : signatures.length === 1 ? signatures[0] : undefined;
  if (one) return { fileName: awardP7sFileName(shipment.number, one.side), p7s: Buffer.from(one.pkcs7, 'base64') };
  if (side || signatures.length === 0) throw new AppError('AWARD_SIGNATURE_NOT_FOUND');
  const joined =
    (await repo.findJoinedSignature(ctx.db, shipment.id)) ?? (await joinAward(ctx, shipment.id, clientAddress));
  if (!joined) throw new AppError('ERI_UNAVAILABLE');
  return { fileName: awardP7sFileName(shipment.number), p7s: Buffer.from(joined.pkcs7, 'base64') };
}

/** The signatures of a shipment's award (by its id), the owner's first: for the delivery note. */
export async function awardSignaturesOfShipment(db: Db, shipmentId: number): Promise<AwardSignature[]> {
  return (await repo.listSignaturesOfShipment(db, shipmentId)).map(present);
}

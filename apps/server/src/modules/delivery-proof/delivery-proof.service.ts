import { randomBytes } from 'node:crypto';
import {
  DELIVERY_PROOF_MAX_PHOTOS,
  DELIVERY_PROOF_MIN_PHOTOS,
  deliveryNoteFileName,
  shipmentStatusLink,
  type DeliveryProof,
  type DeliveryProofValues,
  type Language,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { awardSignaturesOfShipment } from '../award-signatures/index.js';
import { companiesOfUsers } from '../companies/index.js';
import {
  findFilesByIds,
  findFileTypes,
  insertFile,
  pngSize,
  type CheckedFile,
  type FileLinks,
} from '../files/index.js';
import { announce, recordNotifications } from '../notifications/index.js';
import { findPartyShipment } from '../shipments/index.js';
import { buildDeliveryNote, type NoteImage } from './delivery-note.js';
import * as repo from './delivery-proof.repository.js';
import type { DeliveryProofRow } from './delivery-proof.tables.js';

export interface DeliveryProofContext {
  db: Db;
  bus: EventBus;
  fileLinks: FileLinks;
  /** The folder of the fonts the delivery note is written in. */
  fontsDir: string;
  /** Tests move the clock. */
  now?: () => Date;
}

export interface ProofUploads {
  photos: CheckedFile[];
  signature: CheckedFile[];
}

/** A drawn signature is a canvas of a few hundred pixels a side; anything far larger is no drawing. */
const SIGNATURE_MAX_SIDE = 4096;
const SIGNATURE_MAX_PIXELS = 8_000_000;
/** A phone's clock may run a little ahead of ours. */
const POSITION_FUTURE_SLACK_MS = 2 * 60_000;

const nowOf = (ctx: DeliveryProofContext) => ctx.now?.() ?? new Date();

/**
 * The proof may be recorded by this user now: the shipment's carrier (the owner 403, anyone else 404), while
 * it is on the way (409 otherwise), once (409 DELIVERY_PROOF_EXISTS). Checked before the upload is read too.
 */
export async function ensureCanRecord(ctx: DeliveryProofContext, userId: number, number: string) {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  if (shipment.carrier_id !== userId) throw new AppError('DELIVERY_PROOF_CARRIER_ONLY');
  if (shipment.status !== 'on_the_way') throw new AppError('DELIVERY_PROOF_NOT_ON_THE_WAY');
  if (await repo.findProofOfShipment(ctx.db, shipment.id)) throw new AppError('DELIVERY_PROOF_EXISTS');
  return shipment;
}

function checkUploads(uploads: ProofUploads): CheckedFile {
  const count = uploads.photos.length;
  if (count < DELIVERY_PROOF_MIN_PHOTOS || count > DELIVERY_PROOF_MAX_PHOTOS) {
    // the text names the bounds (1 to 6) as written, like the size limits of files
    throw new AppError('DELIVERY_PHOTOS_COUNT', { fields: { photos: 'DELIVERY_PHOTOS_COUNT' } });
  }
  const signature = uploads.signature.at(0);
  const size = signature && pngSize(signature.data);
  // a PNG whose header claims a huge canvas would cost its full size in memory when drawn into the note
  if (
    !signature ||
    !size ||
    size.width === 0 ||
    size.height === 0 ||
    size.width > SIGNATURE_MAX_SIDE ||
    size.height > SIGNATURE_MAX_SIDE ||
    size.width * size.height > SIGNATURE_MAX_PIXELS
  ) {
    throw new AppError('DELIVERY_SIGNATURE_INVALID', { fields: { signature: 'DELIVERY_SIGNATURE_INVALID' } });
  }
  return signature;
}

function checkPositionTime(values: DeliveryProofValues, now: Date) {
  if (values.position_at === undefined) return;
  if (Date.parse(values.position_at) > now.getTime() + POSITION_FUTURE_SLACK_MS) {
    throw new AppError('VALIDATION_FAILED', { fields: { position_at: 'invalid' } });
  }
}

const newFileId = () => randomBytes(16).toString('hex');

async function storeFile(trx: Db, ownerId: number, file: CheckedFile, createdAt: string): Promise<string> {
  const id = newFileId();
  await insertFile(trx, {
    id,
    owner_id: ownerId,
    content_type: file.content_type,
    size: file.data.length,
    original_name: file.original_name,
    data: file.data,
    created_at: createdAt,
  });
  return id;
}

async function present(ctx: DeliveryProofContext, number: string, proof: DeliveryProofRow): Promise<DeliveryProof> {
  const photoIds = await repo.proofPhotoIds(ctx.db, proof.id);
  const types = new Map(
    (await findFileTypes(ctx.db, [...photoIds, proof.signature_file_id])).map((row) => [row.id, row.content_type]),
  );
  const file = (id: string) => ({ id, url: ctx.fileLinks.linkTo(id), content_type: types.get(id) ?? '' });
  return {
    number,
    receiver_name: proof.receiver_name,
    recorded_at: proof.recorded_at,
    position:
      proof.lat === null || proof.lon === null
        ? null
        : { lat: proof.lat, lon: proof.lon, accuracy_m: proof.accuracy_m, at: proof.position_at },
    photos: photoIds.map(file),
    signature: file(proof.signature_file_id),
  };
}

/**
 * Records the proof: the files and the proof in one transaction, so a refusal anywhere (a second proof that
 * won a race included) leaves nothing behind. The owner is told, to look at it before confirming.
 */
export async function recordProof(
  ctx: DeliveryProofContext,
  userId: number,
  number: string,
  values: DeliveryProofValues,
  uploads: ProofUploads,
): Promise<DeliveryProof> {
  const shipment = await ensureCanRecord(ctx, userId, number);
  const signature = checkUploads(uploads);
  const now = nowOf(ctx);
  checkPositionTime(values, now);
  const recordedAt = now.toISOString();
  const told = await ctx.db.transaction().execute(async (trx) => {
    const signatureId = await storeFile(trx, userId, signature, recordedAt);
    const proofId = await repo.insertProof(trx, {
      shipment_id: shipment.id,
      carrier_id: userId,
      receiver_name: values.receiver_name,
      signature_file_id: signatureId,
      lat: values.lat ?? null,
      lon: values.lon ?? null,
      accuracy_m: values.lat === undefined ? null : (values.accuracy_m ?? null),
      position_at: values.lat === undefined ? null : (values.position_at ?? null),
      recorded_at: recordedAt,
    });
    if (proofId === undefined) throw new AppError('DELIVERY_PROOF_EXISTS');
    const photoIds: string[] = [];
    for (const photo of uploads.photos) photoIds.push(await storeFile(trx, userId, photo, recordedAt));
    await repo.insertProofPhotos(trx, proofId, photoIds);
    return recordNotifications(trx, [
      {
        userId: shipment.owner_id,
        kind: 'delivery_proof_recorded',
        params: { number, receiver: values.receiver_name },
        link: shipmentStatusLink(number),
      },
    ]);
  });
  await announce(ctx.bus, told);
  const proof = await repo.findProofOfShipment(ctx.db, shipment.id);
  if (!proof) throw new AppError('SHIPMENT_NOT_FOUND');
  return present(ctx, number, proof);
}

/** The proof of a shipment of mine (owner or carrier), or null while none is recorded; anyone else 404. */
export async function getProof(
  ctx: DeliveryProofContext,
  userId: number,
  number: string,
): Promise<DeliveryProof | null> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const proof = await repo.findProofOfShipment(ctx.db, shipment.id);
  return proof ? present(ctx, number, proof) : null;
}

/**
 * The delivery note of a shipment of mine, once there is something to note: a recorded proof, or a
 * delivery the owner confirmed (409 before). Written in the reader's language with the others beside it.
 */
export async function deliveryNote(
  ctx: DeliveryProofContext,
  userId: number,
  number: string,
  lang: Language,
): Promise<{ fileName: string; pdf: Buffer }> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const proof = await repo.findProofOfShipment(ctx.db, shipment.id);
  if (!proof && shipment.status !== 'delivered') throw new AppError('DELIVERY_NOTE_NOT_READY');
  const photoIds = proof ? await repo.proofPhotoIds(ctx.db, proof.id) : [];
  const files = new Map(
    (await findFilesByIds(ctx.db, proof ? [proof.signature_file_id, ...photoIds] : [])).map((file) => [file.id, file]),
  );
  const image = (id: string): NoteImage | undefined => {
    const file = files.get(id);
    return file && { contentType: file.content_type, data: file.data };
  };
  const companies = await companiesOfUsers(ctx.db, [shipment.owner_id, shipment.carrier_id]);
  const pdf = await buildDeliveryNote(ctx.fontsDir, lang, {
    number,
    generatedAt: nowOf(ctx).toISOString(),
    owner: {
      company: companies.get(shipment.owner_id)?.name ?? null,
      person: `${shipment.owner_first_name} ${shipment.owner_last_name}`,
    },
    carrier: {
      company: companies.get(shipment.carrier_id)?.name ?? null,
      person: `${shipment.carrier_first_name} ${shipment.carrier_last_name}`,
      phone: shipment.carrier_phone,
    },
    cargo: {
      description: shipment.description,
      weightKg: shipment.weight,
      volumeM3: shipment.volume,
      requirements: shipment.requirements,
      incoterms: shipment.incoterms,
    },
    route: {
      origin: shipment.origin,
      destination: shipment.destination,
      pickupDate: shipment.pickup_date,
      deliveryDate: shipment.delivery_date,
    },
    timeline: {
      created: shipment.created_at,
      loaded: shipment.loaded_at,
      onTheWay: shipment.on_the_way_at,
      delivered: shipment.delivered_at,
    },
    amountCents: shipment.amount_cents,
    awardSignatures: await awardSignaturesOfShipment(ctx.db, shipment.id),
    proof: proof
      ? {
          receiverName: proof.receiver_name,
          recordedAt: proof.recorded_at,
          position:
            proof.lat === null || proof.lon === null
              ? null
              : { lat: proof.lat, lon: proof.lon, accuracyM: proof.accuracy_m },
          signature: image(proof.signature_file_id),
          photos: photoIds.map(image).filter((photo): photo is NoteImage => photo !== undefined),
        }
      : null,
  });
  return { fileName: deliveryNoteFileName(number), pdf };
}

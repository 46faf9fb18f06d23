import { z } from 'zod';
import { MAX_FILE_BYTES } from './files.js';
import { hasControlCharacters } from './typed-input.js';

/**
 * Proof of delivery: what the carrier records at the receiver's door while the shipment is on the way
 * (POST /api/shipments/{number}/proof, a multipart form): 1 to 6 photos, the receiver's name, the
 * receiver's signature drawn on the screen (a PNG) and, when the phone gave it, the position.
 */
export const DELIVERY_PROOF_MIN_PHOTOS = 1;
export const DELIVERY_PROOF_MAX_PHOTOS = 6;
/** Each photo, as every other upload: at most 10 MB. */
export const DELIVERY_PHOTO_MAX_BYTES = MAX_FILE_BYTES;
/** A drawn signature is a small PNG (a few KB); 1 MB leaves room for any screen. */
export const DELIVERY_SIGNATURE_MAX_BYTES = 1024 * 1024;
export const RECEIVER_NAME_MAX = 120;
/** The photo types accepted (judged by their bytes); PDFs are not photos. */
export const DELIVERY_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type DeliveryPhotoType = (typeof DELIVERY_PHOTO_TYPES)[number];
/** The form's file fields: `photos` (repeated) and `signature` (once). */
export const DELIVERY_PROOF_FILES = ['photos', 'signature'] as const;

/** A number typed into a text field of the form (multipart sends text): blank → absent. */
const formNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
      return value;
    },
    z
      .number({ error: 'number' })
      .refine(Number.isFinite, { error: 'number' })
      .min(min, { error: 'invalid' })
      .max(max, { error: 'invalid' })
      .optional(),
  );

/** The text fields of the proof form; the server and the web form check them with this one schema. */
export const deliveryProofInput = z
  .object({
    receiver_name: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(RECEIVER_NAME_MAX, { error: 'too_long' })
      .refine((text) => !hasControlCharacters(text), { error: 'invalid' }),
    lat: formNumber(-90, 90).describe('Latitude of the delivery place, degrees (with lon, or neither)'),
    lon: formNumber(-180, 180).describe('Longitude of the delivery place, degrees (with lat, or neither)'),
    accuracy_m: formNumber(0, 100_000).describe('How far off the position may be, metres'),
    position_at: z
      .preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
        z.iso.datetime({ offset: true, error: 'instant' }).optional(),
      )
      .describe('When the phone took the position (ISO-8601); not more than 2 minutes ahead'),
  })
  .superRefine((value, ctx) => {
    // a position is both coordinates or none: one alone says nothing
    if ((value.lat === undefined) !== (value.lon === undefined)) {
      ctx.addIssue({ code: 'custom', path: [value.lat === undefined ? 'lat' : 'lon'], message: 'required' });
    }
  })
  .meta({
    examples: [
      {
        receiver_name: 'Gʻulom Xoʻjayev',
        lat: 39.6542,
        lon: 66.9597,
        accuracy_m: 12,
        position_at: '2026-12-03T09:41:00.000Z',
      },
    ],
  });
export type DeliveryProofInput = z.input<typeof deliveryProofInput>;
export type DeliveryProofValues = z.output<typeof deliveryProofInput>;

export const deliveryProofPosition = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy_m: z.number().nullable(),
  at: z.string().nullable().describe('When the phone took it, as the phone said'),
});

/** A file of the proof, through its signed, short-lived link (as every other document). */
export const deliveryProofFile = z.object({
  id: z.string(),
  url: z.string().describe('Signed link, valid about an hour'),
  content_type: z.string(),
});

export const deliveryProof = z
  .object({
    number: z.string(),
    receiver_name: z.string(),
    recorded_at: z.string().describe('When the server received the proof (UTC)'),
    position: deliveryProofPosition.nullable().describe('null when the phone gave no position'),
    photos: z.array(deliveryProofFile),
    signature: deliveryProofFile,
  })
  .meta({
    examples: [
      {
        number: 'SH-000045',
        receiver_name: 'Gʻulom Xoʻjayev',
        recorded_at: '2026-12-03T09:42:10.000Z',
        position: { lat: 39.6542, lon: 66.9597, accuracy_m: 12, at: '2026-12-03T09:41:00.000Z' },
        photos: [
          {
            id: '3f2a9c1e5b7d4a60a1b2c3d4e5f60718',
            url: '/api/files/3f2a9c1e5b7d4a60a1b2c3d4e5f60718?exp=1796280000&sig=…',
            content_type: 'image/jpeg',
          },
        ],
        signature: {
          id: '9a8b7c6d5e4f30211a2b3c4d5e6f7081',
          url: '/api/files/9a8b7c6d5e4f30211a2b3c4d5e6f7081?exp=1796280000&sig=…',
          content_type: 'image/png',
        },
      },
    ],
  });
export type DeliveryProof = z.infer<typeof deliveryProof>;

/** The delivery note's file name: delivery-note-SH-000045.pdf. */
export function deliveryNoteFileName(number: string): string {
  return `delivery-note-${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

import { z } from 'zod';
import { pkcs7Base64 } from './eri.js';

/**
 * The signed award: once the carrier confirms, the owner and the carrier may each sign what they agreed (the
 * tender number, both companies and STIRs, the route, the dates and the price) with their ERI key. What is
 * signed is one canonical JSON document, the same bytes on both screens and on the server.
 */

export const AWARD_SIDES = ['owner', 'carrier'] as const;
export type AwardSide = (typeof AWARD_SIDES)[number];

/** A party as the award names it: its company and STIR (when it has a profile) and the person. */
const awardParty = z.object({ company: z.string().nullable(), stir: z.string().nullable(), person: z.string() });
export type AwardParty = z.infer<typeof awardParty>;

/** What the award says; `canonicalJson` turns it into the signed text, `readAwardDocument` reads it back. */
export const awardDocument = z.object({
  document: z.literal('Yuk Tender award'),
  version: z.literal(1),
  tender_number: z.string(),
  owner: awardParty,
  carrier: awardParty,
  origin: z.string(),
  destination: z.string(),
  pickup_date: z.string(),
  delivery_date: z.string(),
  price: z.object({ amount: z.string(), currency: z.literal('USD') }),
  /** When the award was confirmed (UTC, ISO 8601): it tells this award from any other of the same tender. */
  awarded_at: z.string(),
});
export type AwardDocument = z.infer<typeof awardDocument>;

/**
 * The terms a signed text states, to show them as a document; null for a text that is not an award of this
 * version (the screen then shows the text itself, which is what the signatures cover either way).
 */
export function readAwardDocument(text: string): AwardDocument | null {
  try {
    const parsed = awardDocument.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** JSON with every object's keys in code-point order and no whitespace: one text for one value. */
export function canonicalJson(value: Json | AwardDocument): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>).filter(([, each]) => each !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([key, each]) => [key, sorted(each)]));
    }
    return item;
  };
  return JSON.stringify(sorted(value));
}

/** Money of the award as written in it: dollars with two decimals ("1250.00"). */
export const awardAmount = (cents: number): string => (cents / 100).toFixed(2);

export const awardSignature = z.object({
  side: z.enum(AWARD_SIDES),
  signer_name: z.string().describe('The signing certificate’s owner (its CN)'),
  stir: z.string().nullable().describe('The organisation’s STIR on an organisation certificate, else null'),
  signed_at: z.string().describe('When the server accepted the signature (UTC, ISO 8601)'),
  timestamped_at: z.string().describe('The time of the timestamp token E-IMZO-SERVER attached (UTC, ISO 8601)'),
});
export type AwardSignature = z.infer<typeof awardSignature>;

/** GET /api/shipments/{number}/award: what to sign and who has signed (the two parties only). */
export const awardState = z
  .object({
    number: z.string(),
    my_side: z.enum(AWARD_SIDES).describe('The caller’s side of the award'),
    document: z.string().describe('The canonical JSON text that is signed (keys sorted, no whitespace)'),
    document_base64: z.string().describe('The same text as UTF-8 bytes in base64: what E-IMZO signs'),
    signatures: z.array(awardSignature).describe('The sides that have signed, the owner first'),
  })
  .meta({
    examples: [
      {
        number: 'YT-000123',
        my_side: 'carrier',
        document:
          '{"awarded_at":"2026-11-20T09:00:00.000Z","carrier":{"company":"Ipak Yoli Logistik","person":"Aziz Rahimov","stir":"305123456"},"delivery_date":"2026-12-03","destination":"Samarqand","document":"Yuk Tender award","origin":"Toshkent","owner":{"company":"Paxta MChJ","person":"Dilnoza Yusupova","stir":"301234567"},"pickup_date":"2026-12-01","price":{"amount":"1250.00","currency":"USD"},"tender_number":"YT-000123","version":1}',
        document_base64: 'eyJhd2FyZGVkX2F0Ijoi…',
        signatures: [
          {
            side: 'owner',
            signer_name: 'YUSUPOVA DILNOZA',
            stir: '301234567',
            signed_at: '2026-11-20T09:10:00.000Z',
            timestamped_at: '2026-11-20T09:10:00.000Z',
          },
        ],
      },
    ],
  });
export type AwardState = z.infer<typeof awardState>;

/** POST /api/shipments/{number}/award/signatures: the PKCS#7 that E-IMZO made over `document_base64`. */
export const awardSignatureInput = z
  .object({ pkcs7: pkcs7Base64.describe('The base64 PKCS#7 (attached) that E-IMZO made over the award document') })
  .meta({ examples: [{ pkcs7: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwGggCSABAg=' }] });
export type AwardSignatureInput = z.infer<typeof awardSignatureInput>;

/**
 * GET /api/shipments/{number}/award.p7s: without `side`, the signed award as it stands (both signers in one
 * PKCS#7 once both have signed, else the one side's); with it, that side's own file.
 */
export const awardP7sQuery = z.object({
  side: z
    .enum(AWARD_SIDES, { error: 'one_of' })
    .optional()
    .describe('The side whose own signed award to download; absent: the award with every signature so far'),
});
export type AwardP7sQuery = z.infer<typeof awardP7sQuery>;

/**
 * The file name of a signed award: award-YT-000123-owner.p7s for one side's, award-YT-000123.p7s for the one
 * with both signatures (the number's safe characters only).
 */
export const awardP7sFileName = (number: string, side?: AwardSide) =>
  `award-${number.replace(/[^A-Za-z0-9-]/g, '_')}${side ? `-${side}` : ''}.p7s`;

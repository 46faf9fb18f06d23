import { z } from 'zod';

/**
 * ERI-Key: signing in with an Uzbek digital signature (E-IMZO). The browser signs a challenge with the key
 * the E-IMZO program holds and sends the PKCS#7 document; the operator's E-IMZO-SERVER checks it and tells
 * whose certificate it is (the person's PINFL, and the company's STIR on an organisation's certificate).
 */

/**
 * The longest PKCS#7 accepted, in base64 characters: a signed challenge with its certificate chain is a few
 * kilobytes, so this leaves room for long chains and nothing more.
 */
export const ERI_PKCS7_MAX = 64 * 1024;

/** A PKCS#7 document as E-IMZO gives it: standard base64, nothing else. */
export const pkcs7Base64 = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(ERI_PKCS7_MAX, { error: 'too_long' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'invalid' });

export const eriSignatureInput = z
  .object({ pkcs7: pkcs7Base64.describe('The base64 PKCS#7 that E-IMZO made over the challenge') })
  .meta({ examples: [{ pkcs7: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwGggCSABAg=' }] });
export type EriSignatureInput = z.infer<typeof eriSignatureInput>;

/** GET /api/auth/eri/challenge: what to sign, and for how many seconds E-IMZO-SERVER accepts it. */
export const eriChallenge = z
  .object({
    challenge: z.string(),
    ttl: z.number().int().describe('Seconds the challenge stays valid'),
  })
  .meta({ examples: [{ challenge: '6d1c6e0a-1c1e-4a54-8a4e-1f2b5c9e0d11', ttl: 120 }] });
export type EriChallenge = z.infer<typeof eriChallenge>;

/** The signed-in user's link to a certificate holder; the PINFL shows only its last four digits. */
export const eriLink = z
  .object({
    pinfl: z.string().describe('The holder’s PINFL, masked except its last four digits'),
    name: z.string().describe('The certificate’s owner (its CN)'),
    stir: z.string().nullable().describe('The organisation’s STIR on an organisation certificate, else null'),
    valid_to: z.string().describe('When the certificate runs out (UTC, ISO 8601)'),
  })
  .meta({
    examples: [
      { pinfl: '**********1234', name: 'RAHIMOV AZIZ', stir: '305123456', valid_to: '2028-03-01T00:00:00.000Z' },
    ],
  });
export type EriLink = z.infer<typeof eriLink>;

/** GET /api/users/me/eri: my link, or null when there is none. */
export const myEriLink = eriLink.nullable().meta({
  examples: [{ pinfl: '**********1234', name: 'RAHIMOV AZIZ', stir: null, valid_to: '2028-03-01T00:00:00.000Z' }, null],
});

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { z } from 'zod';
import { AppError } from '../../errors.js';

/**
 * E-IMZO-SERVER, the vendor's service that the operator runs beside us: it hands out challenges, checks the
 * PKCS#7 documents that the E-IMZO program signs, and attaches timestamp tokens to them. The calls of sign-in
 * and of signed documents (the award) are used here.
 */
export interface EimzoSettings {
  /** EIMZO_SERVER_URL, e.g. http://127.0.0.1:8080 */
  serverUrl: string;
  /** Our site's host name (PUBLIC_URL's), which E-IMZO-SERVER checks the challenge against. */
  host: string;
  /** How long one call may take before we answer 503 ERI_UNAVAILABLE; 5 s when absent. */
  timeoutMs?: number;
}

/** Whose certificate signed, as E-IMZO-SERVER read it. */
export interface SignerCertificate {
  serialNumber: string;
  name: string;
  /** The holder's personal number; absent on some certificates (then no one can be linked). */
  pinfl: string | null;
  /** The organisation's STIR, on an organisation's certificate. */
  stir: string | null;
  validFrom: Date;
  validTo: Date;
}

export type SignatureCheck = { ok: true; certificate: SignerCertificate } | { ok: false; message: string };

/** One signer of an attached PKCS#7, as E-IMZO-SERVER judged it. */
export interface DocumentSigner {
  certificate: SignerCertificate;
  /**
   * The signature is sound, the certificate chain is trusted, and the certificate was in force when signed (the
   * time of the timestamp token): all three of E-IMZO-SERVER's verdicts.
   */
  valid: boolean;
  /** The time of the signer's timestamp token; null when the PKCS#7 carries none. */
  timestampedAt: Date | null;
}

export type DocumentCheck = { ok: true; document: Buffer; signers: DocumentSigner[] } | { ok: false; message: string };

export type TimestampResult = { ok: true; pkcs7: string } | { ok: false; message: string };

/** One attached PKCS#7 made of two (`/frontend/pkcs7/join`), or E-IMZO-SERVER's refusal. */
export type JoinResult = { ok: true; pkcs7: string } | { ok: false; message: string };

export interface EimzoClient {
  challenge(): Promise<{ challenge: string; ttl: number }>;
  /** Checks a PKCS#7 over a challenge; the user's address goes along as E-IMZO-SERVER asks. */
  authenticate(pkcs7: string, clientAddress: string): Promise<SignatureCheck>;
  /** Attaches a timestamp token to each signer of a PKCS#7 (`/frontend/timestamp/pkcs7`). */
  timestamp(pkcs7: string, clientAddress: string): Promise<TimestampResult>;
  /** Checks an attached PKCS#7 and reads its document and signers (`/backend/pkcs7/verify/attached`). */
  verifyAttached(pkcs7: string, clientAddress: string): Promise<DocumentCheck>;
  /**
   * Joins two attached PKCS#7 of the same document into one that carries both signers (`/frontend/pkcs7/join`,
   * the two in base64 separated by `|`, as the vendor documents it).
   */
  join(first: string, second: string, clientAddress: string): Promise<JoinResult>;
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_ANSWER_BYTES = 64 * 1024;
/** A signed document's answers carry the PKCS#7 or the document back, with certificates and OCSP answers. */
const MAX_DOCUMENT_ANSWER_BYTES = 512 * 1024;

const challengeAnswer = z.object({
  status: z.number(),
  message: z.string().nullish(),
  challenge: z.string().min(1).max(1000).nullish(),
  ttl: z.number().nullish(),
});

const authAnswer = z.object({
  status: z.number(),
  message: z.string().nullish(),
  subjectCertificateInfo: z
    .object({
      serialNumber: z.union([z.string(), z.number()]).nullish(),
      subjectName: z.record(z.string(), z.unknown()).nullish(),
      validFrom: z.string().nullish(),
      validTo: z.string().nullish(),
    })
    .nullish(),
});

/** What the timestamp and join calls give back: a PKCS#7 in base64. */
const pkcs7Answer = z.object({
  status: z.number(),
  message: z.string().nullish(),
  pkcs7b64: z.string().nullish(),
});

const verifyAnswer = z.object({
  status: z.number(),
  message: z.string().nullish(),
  pkcs7Info: z
    .object({
      documentBase64: z.string().nullish(),
      signers: z
        .array(
          z.object({
            certificate: z
              .array(
                z.object({
                  serialNumber: z.union([z.string(), z.number()]).nullish(),
                  subjectInfo: z.record(z.string(), z.unknown()).nullish(),
                  validFrom: z.string().nullish(),
                  validTo: z.string().nullish(),
                }),
              )
              .nullish(),
            verified: z.boolean().nullish(),
            certificateVerified: z.boolean().nullish(),
            certificateValidAtSigningTime: z.boolean().nullish(),
            timeStampInfo: z.object({ time: z.string().nullish() }).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

const PINFL_OID = '1.2.860.3.16.1.2';
const STIR_OID = '1.2.860.3.16.1.1';

const unavailable = () => new AppError('ERI_UNAVAILABLE');

/** E-IMZO-SERVER writes dates as "2028-03-01 00:00:00" (Tashkent) or ISO; either is read. */
function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(text.trim());
  const date = plain ? new Date(`${plain[1]}T${plain[2]}${plain[3] ?? ''}+05:00`) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** A certificate as E-IMZO-SERVER describes it (its subject's fields by name or OID); null without its dates. */
function readCertificate(info: {
  serialNumber?: string | number | null;
  subject: Record<string, unknown>;
  validFrom?: string | null;
  validTo?: string | null;
}): SignerCertificate | null {
  const validFrom = parseDate(info.validFrom);
  const validTo = parseDate(info.validTo);
  if (!validFrom || !validTo) return null;
  const pinfl = textOf(info.subject[PINFL_OID]);
  const stir = textOf(info.subject[STIR_OID]);
  return {
    serialNumber: textOf(info.serialNumber) ?? '',
    name: textOf(info.subject.CN) ?? '',
    pinfl: pinfl && /^\d{14}$/.test(pinfl) ? pinfl : null,
    stir: stir && /^\d{9}$/.test(stir) ? stir : null,
    validFrom,
    validTo,
  };
}

/** Strict base64 (what E-IMZO-SERVER writes); anything else is no document. */
function decodeBase64(text: string): Buffer | null {
  const trimmed = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) return null;
  return Buffer.from(trimmed, 'base64');
}

export function createEimzoClient(settings: EimzoSettings): EimzoClient {
  const base = settings.serverUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One call; down, slow, or an answer that is not the JSON we expect is ERI_UNAVAILABLE, never a 500. Node's
   * http client rather than fetch: fetch always sends the Host of the URL, and E-IMZO-SERVER must see ours.
   */
  function call(
    path: string,
    method: 'GET' | 'POST',
    headers: Record<string, string> = {},
    body?: string,
    maxBytes = MAX_ANSWER_BYTES,
  ) {
    const url = new URL(`${base}${path}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<unknown>((resolve, reject) => {
      const req = send(
        url,
        {
          method,
          headers: { Accept: 'application/json', Host: settings.host, ...headers },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // an answer is a few hundred bytes; a flood is cut, not read into memory
            if (size > maxBytes) req.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          res.on('error', reject);
          // cut mid-answer (the timeout, a dropped connection): no 'end' comes, and a settled promise ignores this
          res.on('close', () => reject(new Error('answer cut')));
          res.on('end', () => {
            if ((res.statusCode ?? 500) >= 400) return reject(new Error(`status ${res.statusCode}`));
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
            } catch (error) {
              reject(error instanceof Error ? error : new Error('unreadable answer'));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    }).catch(() => {
      throw unavailable();
    });
  }

  /** The calls that answer a new PKCS#7 made from what they were sent (a timestamp added, two joined). */
  async function newDocument(path: string, body: string, clientAddress: string) {
    const parsed = pkcs7Answer.safeParse(
      await call(path, 'POST', documentHeaders(body, clientAddress), body, MAX_DOCUMENT_ANSWER_BYTES),
    );
    if (!parsed.success) throw unavailable();
    const answer = parsed.data;
    if (answer.status !== 1) return { ok: false as const, message: answer.message ?? '' };
    const made = answer.pkcs7b64?.replace(/\s+/g, '');
    if (!made || !decodeBase64(made)) throw unavailable();
    return { ok: true as const, pkcs7: made };
  }

  return {
    async challenge() {
      const parsed = challengeAnswer.safeParse(await call('/frontend/challenge', 'GET'));
      if (!parsed.success || parsed.data.status !== 1 || !parsed.data.challenge) throw unavailable();
      const ttl = parsed.data.ttl;
      return {
        challenge: parsed.data.challenge,
        ttl: ttl !== null && ttl !== undefined && Number.isFinite(ttl) ? Math.max(0, Math.floor(ttl)) : 0,
      };
    },

    async authenticate(pkcs7, clientAddress) {
      const parsed = authAnswer.safeParse(
        await call(
          '/backend/auth',
          'POST',
          {
            'Content-Type': 'text/plain',
            'Content-Length': String(Buffer.byteLength(pkcs7)),
            'X-Real-IP': clientAddress,
          },
          pkcs7,
        ),
      );
      if (!parsed.success) throw unavailable();
      const answer = parsed.data;
      if (answer.status !== 1) return { ok: false, message: answer.message ?? '' };
      const info = answer.subjectCertificateInfo;
      // a success without the certificate's dates is not something we can trust
      const certificate = info && readCertificate({ ...info, subject: info.subjectName ?? {} });
      if (!certificate) throw unavailable();
      return { ok: true, certificate };
    },

    timestamp: (pkcs7, clientAddress) => newDocument('/frontend/timestamp/pkcs7', pkcs7, clientAddress),

    join: (first, second, clientAddress) =>
      newDocument('/frontend/pkcs7/join', `${first.trim()}|${second.trim()}`, clientAddress),

    async verifyAttached(pkcs7, clientAddress) {
      const parsed = verifyAnswer.safeParse(
        await call(
          '/backend/pkcs7/verify/attached',
          'POST',
          documentHeaders(pkcs7, clientAddress),
          pkcs7,
          MAX_DOCUMENT_ANSWER_BYTES,
        ),
      );
      if (!parsed.success) throw unavailable();
      const answer = parsed.data;
      if (answer.status !== 1) return { ok: false, message: answer.message ?? '' };
      const document = decodeBase64(answer.pkcs7Info?.documentBase64 ?? '');
      const signers: DocumentSigner[] = [];
      for (const signer of answer.pkcs7Info?.signers ?? []) {
        // certificate[0] is the signer's own; the CA's and the root's follow
        const own = signer.certificate?.[0];
        const certificate = own && readCertificate({ ...own, subject: own.subjectInfo ?? {} });
        // a success that does not say whose certificate signed, or when, cannot be judged
        if (!certificate) throw unavailable();
        signers.push({
          certificate,
          valid:
            signer.verified === true &&
            signer.certificateVerified === true &&
            signer.certificateValidAtSigningTime === true,
          timestampedAt: parseDate(signer.timeStampInfo?.time),
        });
      }
      if (!document) throw unavailable();
      return { ok: true, document, signers };
    },
  };
}

/** The headers of a signed document's calls: the user's address, as for sign-in. */
function documentHeaders(body: string, clientAddress: string): Record<string, string> {
  return {
    'Content-Type': 'text/plain',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Real-IP': clientAddress,
  };
}

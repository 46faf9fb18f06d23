import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A small stand-in for the vendor's E-IMZO-SERVER, for the browser journeys and for trying ERI-Key sign-in
 * without one: GET /frontend/challenge gives a fresh challenge, and POST /backend/auth answers a "PKCS#7" that
 * is the base64 of a test string,
 *
 *   fake-pkcs7;pinfl=31234567890123;stir=305123456;cn=RAHIMOV AZIZ;challenge=<a challenge it gave>
 *
 * with status 1 and a certificate of that PINFL, STIR and name, valid from a year ago for two years ("expired"
 * in the string: it ran out yesterday). Anything else, or a challenge it did not give, is refused as the real
 * one refuses what it cannot read. GET /_test/auth tells what /backend/auth was asked.
 *
 * Signed documents (the award) are test strings with `document=<the signed bytes in base64>` instead of a
 * challenge: POST /frontend/timestamp/pkcs7 gives back the same string with `stamped=<now>` added, and POST
 * /backend/pkcs7/verify/attached answers it in the vendor's shape (pkcs7Info: the document and its signer,
 * with the certificate, the verdicts and the timestamp's time). POST /frontend/pkcs7/join takes two of them
 * separated by `|`, as the vendor's does, and gives back one joined PKCS#7 (the base64 of
 * `fake-pkcs7-joined;<first>;<second>`) that the check answers with both signers; two of different documents
 * are refused.
 *
 * Run alone: node scripts/fake-eimzo.mjs <port>; then EIMZO_SERVER_URL=http://127.0.0.1:<port>
 */

/** "2028-03-01 10:00:00": E-IMZO-SERVER's way of writing a date (Tashkent time), `days` from now. */
export function eimzoDate(days) {
  const tashkent = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return tashkent.toISOString().slice(0, 19).replace('T', ' ');
}

/** The fields of a test PKCS#7, or null when it is not one. */
export function readFakePkcs7(pkcs7) {
  const text = Buffer.from(pkcs7.trim(), 'base64').toString('utf8');
  if (!text.startsWith('fake-pkcs7;')) return null;
  /** @type {Record<string, string>} */
  const fields = {};
  for (const part of text.slice('fake-pkcs7;'.length).split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields[part.slice(0, at)] = part.slice(at + 1);
  }
  return fields;
}

/** The fields of each signer of a PKCS#7 the join made, or null when it is not one. */
export function readJoinedPkcs7(pkcs7) {
  const text = Buffer.from(pkcs7.trim(), 'base64').toString('utf8');
  if (!text.startsWith('fake-pkcs7-joined;')) return null;
  const parts = text.slice('fake-pkcs7-joined;'.length).split(';').map(readFakePkcs7);
  return parts.length === 2 && parts.every((fields) => fields?.pinfl && fields.document !== undefined) ? parts : null;
}

/**
 * The test PKCS#7 a stand-in E-IMZO makes for a key over a challenge, or over a document (its bytes in base64,
 * as E-IMZO's create_pkcs7 is given them).
 */
export function fakePkcs7({ pinfl, stir, cn, challenge, document, expired = false }) {
  const parts = [`pinfl=${pinfl}`, ...(stir ? [`stir=${stir}`] : []), `cn=${cn}`];
  if (document !== undefined) parts.push(`document=${document}`);
  else parts.push(`challenge=${challenge}`);
  if (expired) parts.push('expired=1');
  return Buffer.from(`fake-pkcs7;${parts.join(';')}`).toString('base64');
}

/** The certificate of a test PKCS#7 as the vendor's answers describe it. */
function certificateOf(fields) {
  const expired = fields.expired === '1';
  return {
    serialNumber: `7a${fields.pinfl.slice(-6)}`,
    subjectName: {
      CN: fields.cn ?? 'E-IMZO TEST',
      '1.2.860.3.16.1.2': fields.pinfl,
      ...(fields.stir ? { '1.2.860.3.16.1.1': fields.stir } : {}),
    },
    validFrom: eimzoDate(expired ? -730 : -365),
    validTo: eimzoDate(expired ? -1 : 730),
  };
}

/** One signer of a signed document as the vendor's check describes it. */
function signerOf(fields) {
  const certificate = certificateOf(fields);
  return {
    signerId: { issuer: 'CN=TestCA,O=test.e-imzo.uz', subjectSerialNumber: certificate.serialNumber },
    signingTime: eimzoDate(0),
    ...(fields.stamped ? { timeStampInfo: { time: fields.stamped, verified: true } } : {}),
    certificate: [
      {
        subjectInfo: certificate.subjectName,
        serialNumber: certificate.serialNumber,
        validFrom: certificate.validFrom,
        validTo: certificate.validTo,
      },
    ],
    verified: true,
    certificateVerified: true,
    certificateValidAtSigningTime: fields.expired !== '1',
  };
}

export async function startFakeEimzo({ port = 0 } = {}) {
  const challenges = new Set();
  /** @type {Array<{ body: string; host: string | undefined; realIp: string | undefined }>} */
  const authCalls = [];
  const send = (response, body) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/frontend/challenge') {
      const challenge = randomUUID();
      challenges.add(challenge);
      send(response, { status: 1, message: null, challenge, ttl: 120 });
      return;
    }
    if (request.method === 'GET' && path === '/_test/auth') {
      send(response, authCalls);
      return;
    }
    if (
      request.method === 'POST' &&
      (path === '/frontend/timestamp/pkcs7' ||
        path === '/backend/pkcs7/verify/attached' ||
        path === '/frontend/pkcs7/join')
    ) {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8').trim();
        if (path === '/frontend/pkcs7/join') {
          const parts = body.split('|').map((part) => part.trim());
          const signers = parts.map(readFakePkcs7);
          if (
            parts.length !== 2 ||
            !signers.every((each) => each?.pinfl && each.stamped && each.document === signers[0]?.document)
          ) {
            send(response, { status: -1, message: 'PKCS#7 documents differ' });
            return;
          }
          const joined = Buffer.from(`fake-pkcs7-joined;${parts.join(';')}`).toString('base64');
          send(response, { status: 1, message: '', pkcs7b64: joined });
          return;
        }
        const joined = path === '/backend/pkcs7/verify/attached' ? readJoinedPkcs7(body) : null;
        if (joined) {
          send(response, {
            status: 1,
            message: '',
            pkcs7Info: { documentBase64: joined[0].document, signers: joined.map(signerOf) },
          });
          return;
        }
        const fields = readFakePkcs7(body);
        if (!fields?.pinfl || fields.document === undefined) {
          send(response, { status: -1, message: 'Invalid PKCS#7' });
          return;
        }
        const certificate = certificateOf(fields);
        if (path === '/frontend/timestamp/pkcs7') {
          const stamped = fields.stamped
            ? body
            : Buffer.from(`${Buffer.from(body, 'base64').toString('utf8')};stamped=${eimzoDate(0)}`).toString('base64');
          send(response, {
            status: 1,
            message: '',
            pkcs7b64: stamped,
            timestampedSignerList: fields.stamped ? [] : [certificate],
          });
          return;
        }
        send(response, {
          status: 1,
          message: '',
          pkcs7Info: { documentBase64: fields.document, signers: [signerOf(fields)] },
        });
      });
      return;
    }
    if (request.method === 'POST' && path === '/backend/auth') {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const realIp = request.headers['x-real-ip'];
        authCalls.push({ body, host: request.headers.host, realIp: typeof realIp === 'string' ? realIp : undefined });
        const fields = readFakePkcs7(body);
        if (!fields?.pinfl || !fields.challenge || !challenges.has(fields.challenge)) {
          send(response, { status: -1, message: 'Invalid signature' });
          return;
        }
        // a challenge signs in once
        challenges.delete(fields.challenge);
        send(response, { status: 1, message: null, subjectCertificateInfo: certificateOf(fields) });
      });
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { url, authCalls, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const eimzo = await startFakeEimzo({ port: Number(process.argv[2] ?? 0) });
  console.log(`fake E-IMZO-SERVER at ${eimzo.url}`);
}

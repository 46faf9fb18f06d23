import { Buffer } from 'node:buffer';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { eimzoDate, readFakePkcs7 } from './fake-eimzo.mjs';

/**
 * A small stand-in for Didox's partner API, built from its documentation, for the server's tests, the
 * browser journeys and trying e-waybills without Didox. Signatures are the test PKCS#7 strings of
 * scripts/fake-eimzo.mjs (what the stand-in E-IMZO makes): `fake-pkcs7;pinfl=…;stir=…;cn=…;document=<base64>`.
 *
 * - Every call needs `Partner-Authorization: <partner token>` (401 otherwise); the document calls a company's
 *   `user-key` too (401 "Invalid user key" for one it did not give).
 * - POST /v1/dsvs/timestamp { pkcs7, signatureHex } → { timeStampTokenB64 }: the same test string with
 *   `stamped=<now>` added; a PKCS#7 it cannot read, an expired key or a signatureHex that is not hex: 422.
 * - POST /v1/auth/{TIN}/token/{locale} { signature } → { token }: the stamped signature must be over the TIN's
 *   digits, by a key of that STIR.
 * - POST /v1/documents/041/create/{locale} (the TTN JSON) → { _id, pending_document: { document_json } }: the
 *   consignor must be the session's company; status 0 (draft).
 * - GET /v1/documents/{id}?owner=1|0 → { data: { json, document: { doc_id, status, comment }, toSign } }: the
 *   consignor reads it as owner (1) and gets the JSON text to sign; the carrier as the other side (0).
 * - POST /v1/documents/{id}/sign { signature } by the consignor over toSign: status 1 (waiting for the partner).
 * - POST /v1/documents/{id}/tosign { action } by the carrier → { data: <text to sign> }: `responsibleAccept`
 *   while the status is 1, `responsibleGive` while it is 140; then POST …/sign { signature, action } over that
 *   text: 140 (accepted by the person responsible), 160 (delivered).
 * - GET /v1/documents/{id}/pdf/{locale}: a small PDF of the document.
 * - Refusals are 422 { message } in Didox's words (Russian).
 *
 * For tests: `mode` 'down' (503 to everything), 'slow' (answers after `delayMs`), `refuseNext(message)` (the
 * next document call is refused with that message), `setStatus(id, status, comment)` (what the other side or
 * the tax committee did), `expireSessions()`. Over HTTP: GET /_test/state, POST /_test/mode { mode, delayMs },
 * POST /_test/refuse { message }, POST /_test/status { id, status, comment }.
 *
 * Run alone: node scripts/fake-didox.mjs <port> [partner token]; then DIDOX_API_BASE=http://127.0.0.1:<port>
 */

export const FAKE_DIDOX_PARTNER_TOKEN = 'fake-didox-partner-token';

const STATUS_TEXT = {
  0: 'Черновик',
  1: 'Ожидает подписи партнёра',
  140: 'Принят ответственным лицом',
  160: 'Доставлен получателю',
  190: 'Возвращён',
  4: 'Отклонён',
};

/** A one-page PDF that names the document (enough for a reader to open). */
function pdfOf(id, status) {
  const text = `TTN ${id} status ${status}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 12 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function startFakeDidox({ port = 0, partnerToken = FAKE_DIDOX_PARTNER_TOKEN } = {}) {
  /** @type {Map<string, { tin: string }>} */
  const sessions = new Map();
  /** @type {Map<string, { id: string, json: any, ownerTin: string, carrierTin: string, status: number, comment: string | null, pending: Map<string, string> }>} */
  const documents = new Map();
  /** @type {Array<{ method: string, path: string, userKey: string | undefined, body: unknown }>} */
  const calls = [];
  const control = { mode: 'normal', delayMs: 0, refusal: /** @type {string | null} */ (null) };

  const send = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response, message) => send(response, 422, { message });

  /** The signed text of a stamped test PKCS#7, or null when it is not one. */
  const stampedSignature = (signature) => {
    const fields = typeof signature === 'string' ? readFakePkcs7(signature) : null;
    if (!fields?.pinfl || !fields.stamped || fields.document === undefined) return null;
    return { fields, text: Buffer.from(fields.document, 'base64').toString('utf8') };
  };

  function handle(request, response, raw) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    let body = null;
    try {
      body = raw.length > 0 ? JSON.parse(raw) : null;
    } catch {
      return send(response, 400, { message: 'Invalid JSON' });
    }

    if (path.startsWith('/_test/')) {
      if (request.method === 'GET' && path === '/_test/state') {
        return send(response, 200, {
          mode: control.mode,
          sessions: [...sessions.values()],
          documents: [...documents.values()].map((each) => ({ ...each, pending: [...each.pending.keys()] })),
          calls,
        });
      }
      if (request.method === 'POST' && path === '/_test/mode') {
        control.mode = body?.mode ?? 'normal';
        control.delayMs = Number(body?.delayMs ?? 0);
        return send(response, 200, { ok: true });
      }
      if (request.method === 'POST' && path === '/_test/refuse') {
        control.refusal = String(body?.message ?? 'Отказано');
        return send(response, 200, { ok: true });
      }
      if (request.method === 'POST' && path === '/_test/status') {
        const document = documents.get(String(body?.id));
        if (!document) return send(response, 404, { message: 'no such document' });
        document.status = Number(body.status);
        document.comment = body.comment ?? null;
        return send(response, 200, { ok: true });
      }
      return send(response, 404, { message: 'not found' });
    }

    const userKey = request.headers['user-key'];
    calls.push({
      method: request.method ?? 'GET',
      path,
      userKey: typeof userKey === 'string' ? userKey : undefined,
      body,
    });
    if (control.mode === 'down') return send(response, 503, { message: 'Service Unavailable' });
    if (request.headers['partner-authorization'] !== partnerToken) {
      return send(response, 401, { message: 'Invalid partner token' });
    }

    if (request.method === 'POST' && path === '/v1/dsvs/timestamp') {
      const fields = typeof body?.pkcs7 === 'string' ? readFakePkcs7(body.pkcs7) : null;
      if (!fields?.pinfl || fields.document === undefined) return refuse(response, 'Подпись не распознана');
      if (typeof body.signatureHex !== 'string' || !/^[0-9a-f]+$/i.test(body.signatureHex)) {
        return refuse(response, 'Неверное значение signatureHex');
      }
      if (fields.expired === '1') return refuse(response, 'Срок действия сертификата истёк');
      const text = Buffer.from(body.pkcs7.trim(), 'base64').toString('utf8');
      const stamped = fields.stamped ? text : `${text};stamped=${eimzoDate(0)}`;
      return send(response, 200, { timeStampTokenB64: Buffer.from(stamped).toString('base64') });
    }

    const auth = /^\/v1\/auth\/([^/]+)\/token\/(ru|uz)$/.exec(path);
    if (request.method === 'POST' && auth) {
      const tin = decodeURIComponent(auth[1] ?? '');
      const signed = stampedSignature(body?.signature);
      if (!signed) return refuse(response, 'Подпись без метки времени не принимается');
      if (signed.text !== tin || signed.fields.stir !== tin) {
        return refuse(response, `Ключ ЭЦП не принадлежит организации с ИНН ${tin}`);
      }
      const token = randomUUID();
      sessions.set(token, { tin });
      return send(response, 200, { token });
    }

    const session = typeof userKey === 'string' ? sessions.get(userKey) : undefined;
    if (!session) return send(response, 401, { message: 'Invalid user key' });
    if (control.refusal && request.method === 'POST') {
      const message = control.refusal;
      control.refusal = null;
      return refuse(response, message);
    }

    if (request.method === 'POST' && /^\/v1\/documents\/041\/create\/(ru|uz)$/.test(path)) {
      const consignor = body?.Consignor?.ConsignorTinOrPinfl;
      const carrier = body?.Carrier?.CarrierTinOrPinfl;
      if (consignor !== session.tin) return refuse(response, 'Грузоотправитель не совпадает с организацией');
      if (typeof carrier !== 'string' || !/^(\d{9}|\d{14})$/.test(carrier)) {
        return refuse(response, 'Не указан перевозчик');
      }
      const products = body?.Roadway?.ProductGroups?.[0]?.ProductInfo?.Products;
      if (!Array.isArray(products) || products.length === 0) return refuse(response, 'Не указаны товары');
      if (!body?.Roadway?.Driver?.Pinfl) return refuse(response, 'Не указан водитель');
      const id = randomBytes(16).toString('hex');
      documents.set(id, {
        id,
        json: body,
        ownerTin: session.tin,
        carrierTin: carrier,
        status: 0,
        comment: null,
        pending: new Map(),
      });
      return send(response, 200, { _id: id, pending_document: { document_json: body } });
    }

    const match = /^\/v1\/documents\/([0-9a-f]{32})(\/(sign|tosign|pdf\/(ru|uz)))?$/.exec(path);
    const document = match ? documents.get(match[1] ?? '') : undefined;
    if (!match || !document) return send(response, 404, { message: 'Документ не найден' });
    const isOwner = session.tin === document.ownerTin;
    const isCarrier = session.tin === document.carrierTin;
    if (!isOwner && !isCarrier) return send(response, 404, { message: 'Документ не найден' });
    const toSign = JSON.stringify(document.json);

    if (request.method === 'GET' && !match[2]) {
      const asOwner = url.searchParams.get('owner') === '1';
      if (asOwner ? !isOwner : !isCarrier) return send(response, 404, { message: 'Документ не найден' });
      return send(response, 200, {
        data: {
          json: document.json,
          document: { doc_id: document.id, status: document.status, comment: document.comment },
          toSign: asOwner ? toSign : null,
        },
      });
    }
    if (request.method === 'GET' && match[3]?.startsWith('pdf')) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(pdfOf(document.id, STATUS_TEXT[document.status] ?? document.status));
      return;
    }
    if (request.method === 'POST' && match[3] === 'tosign') {
      const action = body?.action;
      if (!isCarrier) return refuse(response, 'Действие доступно только ответственному лицу');
      const allowed =
        (action === 'responsibleAccept' && document.status === 1) ||
        (action === 'responsibleGive' && document.status === 140);
      if (!allowed) return refuse(response, `Действие ${String(action)} недоступно для документа в этом статусе`);
      const text = JSON.stringify({ doc_id: document.id, action, tin: session.tin });
      document.pending.set(action, text);
      return send(response, 200, { data: text });
    }
    if (request.method === 'POST' && match[3] === 'sign') {
      const signed = stampedSignature(body?.signature);
      if (!signed) return refuse(response, 'Подпись без метки времени не принимается');
      if (signed.fields.stir !== session.tin) return refuse(response, 'Ключ ЭЦП не принадлежит организации');
      const action = body?.action;
      if (action === undefined) {
        if (!isOwner || document.status !== 0) return refuse(response, 'Документ уже подписан');
        if (signed.text !== toSign) return refuse(response, 'Подписанные данные не совпадают с документом');
        document.status = 1;
        return send(response, 200, { success: true });
      }
      const expected = document.pending.get(action);
      if (!isCarrier || !expected) return refuse(response, 'Сначала запросите данные для подписи (tosign)');
      if (signed.text !== expected) return refuse(response, 'Подписанные данные не совпадают с запросом');
      const next =
        action === 'responsibleAccept' && document.status === 1
          ? 140
          : action === 'responsibleGive' && document.status === 140
            ? 160
            : null;
      if (next === null) return refuse(response, 'Действие недоступно для документа в этом статусе');
      document.status = next;
      document.pending.delete(action);
      return send(response, 200, { success: true });
    }
    return send(response, 404, { message: 'Not found' });
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = () => handle(request, response, raw);
      const slow = control.mode === 'slow' && !(request.url ?? '').startsWith('/_test/');
      if (slow) setTimeout(answer, control.delayMs);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    partnerToken,
    calls,
    documents,
    sessions,
    setMode(mode, delayMs = 0) {
      control.mode = mode;
      control.delayMs = delayMs;
    },
    refuseNext(message) {
      control.refusal = message;
    },
    setStatus(id, status, comment = null) {
      const document = documents.get(id);
      if (!document) throw new Error(`no document ${id}`);
      document.status = status;
      document.comment = comment;
    },
    expireSessions() {
      sessions.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const didox = await startFakeDidox({
    port: Number(process.argv[2] ?? 0),
    partnerToken: process.argv[3] ?? FAKE_DIDOX_PARTNER_TOKEN,
  });
  console.log(`fake Didox at ${didox.url}`);
}

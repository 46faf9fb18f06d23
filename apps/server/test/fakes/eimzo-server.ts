import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A certificate as the fake E-IMZO-SERVER describes it; dates as the real one writes them (Tashkent time). */
export interface FakeCertificate {
  pinfl: string;
  cn: string;
  stir?: string;
  serialNumber?: string;
  validFrom: string;
  validTo: string;
}

/** What E-IMZO-SERVER's check of a signed document says of its signer (all true: a sound signature). */
export interface FakeVerdict {
  verified: boolean;
  certificateVerified: boolean;
  certificateValidAtSigningTime: boolean;
}

/** What the fake answers a PKCS#7 with. */
type Behaviour =
  | {
      kind: 'valid';
      certificate: FakeCertificate;
      /** The signed content of an attached PKCS#7 (a document); absent for a signed challenge. */
      document?: Buffer;
      verdict?: FakeVerdict;
      /** When a timestamp token was attached (a PKCS#7 that /frontend/timestamp/pkcs7 gave back). */
      stampedAt?: string;
    }
  | {
      /** Two attached PKCS#7 of one document joined into one (what /frontend/pkcs7/join gave back). */
      kind: 'joined';
      parts: ValidBehaviour[];
      document: Buffer;
    }
  | { kind: 'refused'; message: string }
  | { kind: 'slow'; delayMs: number; certificate: FakeCertificate; document?: Buffer };

type ValidBehaviour = Extract<Behaviour, { kind: 'valid' }>;

/** How the fake's join answers: as the vendor's (joined), a refusal, or an HTTP error (down). */
export type JoinMode = 'joins' | 'refuses' | 'fails';

export interface AuthCall {
  body: string;
  host: string | undefined;
  realIp: string | undefined;
}

export interface DocumentCall extends AuthCall {
  path: '/frontend/timestamp/pkcs7' | '/backend/pkcs7/verify/attached' | '/frontend/pkcs7/join';
}

/** "2028-03-01 10:00:00": E-IMZO-SERVER's way of writing a date, here `days` from now (negative: past). */
export function eimzoDate(days: number): string {
  const tashkent = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return tashkent.toISOString().slice(0, 19).replace('T', ' ');
}

/** A certificate as the vendor's answers to signed documents describe it (its subject's fields under subjectInfo). */
/**
 * People's certificates, in force (a month back to two years ahead), each with a PINFL of its own counted
 * from `firstPinfl`: a test file takes a range no other file uses.
 */
export function certificatesFrom(firstPinfl: number) {
  let pinfl = firstPinfl;
  return (overrides: Partial<FakeCertificate> = {}): FakeCertificate => {
    pinfl += 1;
    return {
      pinfl: String(pinfl),
      cn: 'RAHIMOV AZIZ',
      validFrom: eimzoDate(-30),
      validTo: eimzoDate(700),
      ...overrides,
    };
  };
}

function documentCertificate(certificate: FakeCertificate) {
  const subjectInfo: Record<string, string> = {
    CN: certificate.cn,
    '1.2.860.3.16.1.2': certificate.pinfl,
    ...(certificate.stir ? { '1.2.860.3.16.1.1': certificate.stir } : {}),
  };
  return {
    subjectInfo,
    issuerInfo: { CN: 'TestCA', O: 'test.e-imzo.uz' },
    serialNumber: certificate.serialNumber ?? '7a1b2c3d',
    subjectName: Object.entries(subjectInfo)
      .map(([key, value]) => `${key}=${value}`)
      .join(','),
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    issuerName: 'CN=TestCA,O=test.e-imzo.uz',
  };
}

const SOUND: FakeVerdict = { verified: true, certificateVerified: true, certificateValidAtSigningTime: true };

/**
 * A local stand-in for E-IMZO-SERVER over real HTTP: `GET /frontend/challenge`, `POST /backend/auth`, and for
 * signed documents `POST /frontend/timestamp/pkcs7` (gives back a new PKCS#7 that carries a token) and `POST
 * /backend/pkcs7/verify/attached` (the document and its signers, in the vendor's answer shape), and `POST
 * /frontend/pkcs7/join` (two attached PKCS#7 of one document, separated by `|`, joined into one that the
 * check answers with both signers). Each answers
 * the PKCS#7 strings the test registered (valid, refused or slow); any other is refused, as the real one
 * refuses what it cannot read.
 */
export async function startFakeEimzo() {
  const behaviours = new Map<string, Behaviour>();
  const authCalls: AuthCall[] = [];
  const documentCalls: DocumentCall[] = [];
  const open = new Set<ServerResponse>();
  let joinMode: JoinMode = 'joins';

  const send = (res: ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const answerAuth = (res: ServerResponse, certificate: FakeCertificate) =>
    send(res, {
      status: 1,
      message: null,
      subjectCertificateInfo: {
        serialNumber: certificate.serialNumber ?? '7a1b2c3d',
        subjectName: {
          CN: certificate.cn,
          '1.2.860.3.16.1.2': certificate.pinfl,
          ...(certificate.stir ? { '1.2.860.3.16.1.1': certificate.stir } : {}),
        },
        validFrom: certificate.validFrom,
        validTo: certificate.validTo,
      },
    });

  /** The same signature with a timestamp token attached: a new PKCS#7 string, answered as the original was. */
  const answerTimestamp = (res: ServerResponse, behaviour: Extract<Behaviour, { kind: 'valid' }>) => {
    const stamped = register({ ...behaviour, stampedAt: behaviour.stampedAt ?? eimzoDate(0) });
    send(res, {
      status: 1,
      message: '',
      pkcs7b64: stamped,
      timestampedSignerList: behaviour.stampedAt
        ? []
        : [
            {
              serialNumber: behaviour.certificate.serialNumber ?? '7a1b2c3d',
              subjectName: documentCertificate(behaviour.certificate).subjectInfo,
              validFrom: behaviour.certificate.validFrom,
              validTo: behaviour.certificate.validTo,
            },
          ],
    });
  };
  /** One signer as the vendor's check describes it. */
  const signerOf = (behaviour: ValidBehaviour) => ({
    signerId: { issuer: 'CN=TestCA,O=test.e-imzo.uz', subjectSerialNumber: behaviour.certificate.serialNumber },
    signingTime: eimzoDate(0),
    ...(behaviour.stampedAt
      ? { timeStampInfo: { time: behaviour.stampedAt, verified: true, certificateVerified: true } }
      : {}),
    certificate: [
      documentCertificate(behaviour.certificate),
      {
        subjectInfo: { CN: 'TestCA', O: 'test.e-imzo.uz' },
        serialNumber: '648484238a3380a7',
        subjectName: 'CN=TestCA,O=test.e-imzo.uz',
        validFrom: '2022-09-15 12:19:13',
        validTo: '2042-09-15 12:19:13',
      },
    ],
    OCSPResponse: 'MIIGdTCBr6YLnpS922Vg==',
    ...(behaviour.verdict ?? SOUND),
  });
  const answerVerify = (res: ServerResponse, behaviour: ValidBehaviour | Extract<Behaviour, { kind: 'joined' }>) => {
    const signers = behaviour.kind === 'joined' ? behaviour.parts : [behaviour];
    send(res, {
      pkcs7Info: {
        signers: signers.map(signerOf),
        documentBase64: (behaviour.document ?? Buffer.from('challenge')).toString('base64'),
      },
      status: 1,
      message: '',
    });
  };
  /** Two attached PKCS#7 of the same document become one with the signers of both, as the vendor's join does. */
  const answerJoin = (res: ServerResponse, body: string) => {
    if (joinMode === 'fails') {
      res.writeHead(500).end();
      return;
    }
    if (joinMode === 'refuses') return send(res, { status: -1, message: 'Join failed' });
    const parts = body.split('|').map((each) => behaviours.get(each.trim()));
    const signers: ValidBehaviour[] = [];
    for (const part of parts) {
      if (part?.kind === 'valid') signers.push(part);
      else if (part?.kind === 'joined') signers.push(...part.parts);
      else return send(res, { status: -1, message: 'Invalid PKCS#7' });
    }
    const document = signers[0]?.document;
    if (parts.length !== 2 || !document || signers.some((each) => !each.document?.equals(document))) {
      return send(res, { status: -1, message: 'PKCS#7 documents differ' });
    }
    send(res, { pkcs7b64: register({ kind: 'joined', parts: signers, document }), status: 1, message: '' });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    if (req.method === 'GET' && req.url === '/frontend/challenge') {
      send(res, { status: 1, message: null, challenge: randomUUID(), ttl: 120 });
      return;
    }
    if (
      req.method === 'POST' &&
      (req.url === '/frontend/timestamp/pkcs7' ||
        req.url === '/backend/pkcs7/verify/attached' ||
        req.url === '/frontend/pkcs7/join')
    ) {
      const path = req.url;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        documentCalls.push({
          path,
          body,
          host: req.headers.host,
          realIp: req.headers['x-real-ip'] as string | undefined,
        });
        if (path === '/frontend/pkcs7/join') return answerJoin(res, body);
        const behaviour = behaviours.get(body);
        if (!behaviour) return send(res, { status: -1, message: 'Invalid PKCS#7' });
        if (behaviour.kind === 'refused') return send(res, { status: -1, message: behaviour.message });
        if (behaviour.kind === 'joined') {
          return path === '/backend/pkcs7/verify/attached'
            ? answerVerify(res, behaviour)
            : send(res, { status: 1, message: '', pkcs7b64: body, timestampedSignerList: [] });
        }
        const answer = (valid: ValidBehaviour) =>
          path === '/frontend/timestamp/pkcs7' ? answerTimestamp(res, valid) : answerVerify(res, valid);
        if (behaviour.kind === 'slow') {
          setTimeout(() => {
            if (!res.destroyed)
              answer({ kind: 'valid', certificate: behaviour.certificate, document: behaviour.document });
          }, behaviour.delayMs);
          return;
        }
        answer(behaviour);
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/backend/auth') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        authCalls.push({ body, host: req.headers.host, realIp: req.headers['x-real-ip'] as string | undefined });
        const behaviour = behaviours.get(body);
        if (!behaviour || behaviour.kind === 'joined') return send(res, { status: -1, message: 'Invalid signature' });
        if (behaviour.kind === 'refused') return send(res, { status: -1, message: behaviour.message });
        if (behaviour.kind === 'slow') {
          setTimeout(() => {
            if (!res.destroyed) answerAuth(res, behaviour.certificate);
          }, behaviour.delayMs);
          return;
        }
        answerAuth(res, behaviour.certificate);
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let sequence = 0;
  /** A new PKCS#7 string (base64, as E-IMZO gives) that the fake will answer as told. */
  const register = (behaviour: Behaviour) => {
    sequence += 1;
    const pkcs7 = Buffer.from(`pkcs7-${sequence}-${randomUUID()}`).toString('base64');
    behaviours.set(pkcs7, behaviour);
    return pkcs7;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    authCalls,
    documentCalls,
    signed: (certificate: FakeCertificate) => register({ kind: 'valid', certificate }),
    /** An attached PKCS#7 over `document` (text as UTF-8), by `certificate`; a verdict other than sound if given. */
    signedDocument: (certificate: FakeCertificate, document: string | Buffer, verdict?: FakeVerdict) =>
      register({ kind: 'valid', certificate, document: Buffer.from(document), ...(verdict ? { verdict } : {}) }),
    slowDocument: (certificate: FakeCertificate, document: string | Buffer, delayMs: number) =>
      register({ kind: 'slow', delayMs, certificate, document: Buffer.from(document) }),
    refused: (message = 'Signature is not valid') => register({ kind: 'refused', message }),
    slow: (certificate: FakeCertificate, delayMs: number) => register({ kind: 'slow', delayMs, certificate }),
    /** How `/frontend/pkcs7/join` answers from now on ('joins' at first). */
    setJoinMode: (mode: JoinMode) => {
      joinMode = mode;
    },
    /** The signers (CN) of a PKCS#7 the fake made, in order: one for a signature, both for a joined one. */
    signersOf: (pkcs7: string) => {
      const behaviour = behaviours.get(pkcs7);
      if (behaviour?.kind === 'joined') return behaviour.parts.map((part) => part.certificate.cn);
      return behaviour?.kind === 'valid' ? [behaviour.certificate.cn] : [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port taken and given back at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

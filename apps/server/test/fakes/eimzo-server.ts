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

/** What the fake answers a PKCS#7 with. */
type Behaviour =
  | { kind: 'valid'; certificate: FakeCertificate }
  | { kind: 'refused'; message: string }
  | { kind: 'slow'; delayMs: number; certificate: FakeCertificate };

export interface AuthCall {
  body: string;
  host: string | undefined;
  realIp: string | undefined;
}

/** "2028-03-01 10:00:00": E-IMZO-SERVER's way of writing a date, here `days` from now (negative: past). */
export function eimzoDate(days: number): string {
  const tashkent = new Date(Date.now() + days * 86_400_000 + 5 * 3_600_000);
  return tashkent.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A local stand-in for E-IMZO-SERVER over real HTTP: `GET /frontend/challenge` and `POST /backend/auth`, the
 * latter answering each PKCS#7 the test registered (valid, refused or slow); any other is refused, as the
 * real one refuses what it cannot read.
 */
export async function startFakeEimzo() {
  const behaviours = new Map<string, Behaviour>();
  const authCalls: AuthCall[] = [];
  const open = new Set<ServerResponse>();

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

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    if (req.method === 'GET' && req.url === '/frontend/challenge') {
      send(res, { status: 1, message: null, challenge: randomUUID(), ttl: 120 });
      return;
    }
    if (req.method === 'POST' && req.url === '/backend/auth') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        authCalls.push({ body, host: req.headers.host, realIp: req.headers['x-real-ip'] as string | undefined });
        const behaviour = behaviours.get(body);
        if (!behaviour) return send(res, { status: -1, message: 'Invalid signature' });
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
    signed: (certificate: FakeCertificate) => register({ kind: 'valid', certificate }),
    refused: (message = 'Signature is not valid') => register({ kind: 'refused', message }),
    slow: (certificate: FakeCertificate, delayMs: number) => register({ kind: 'slow', delayMs, certificate }),
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

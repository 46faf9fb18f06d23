import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS, type Vehicle, apiPaths, pathTo } from '@yuk/shared';
import { checkDocument, sanitizeFileName, sniffContentType } from '../src/modules/files/file-checks.js';
import { createFileLinks } from '../src/modules/files/file-links.js';
import { createUser } from './factories/index.js';
import { api, buildTestApp, TEST_JWT_SECRET, type TestApp } from './helpers.js';
import { createVehicle, jpegFile, pdfFile, pngFile, webpFile } from './factories/index.js';

/** The app's clock runs this far ahead of the real one (tests move it to expire links). */
let clockOffsetMs = 0;
let t: TestApp;
let vehicle: Vehicle;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => Date.now() + clockOffsetMs });
  token = (await createUser(t.app)).accessToken;
  vehicle = await createVehicle(
    t.app,
    token,
    {},
    {
      registration: pdfFile('Texpasport №1 «01 A 123 BC».pdf'),
      insurance: jpegFile('polis.jpg'),
      vehicle_photo: pngFile('photo.png'),
    },
  );
});

afterEach(() => {
  clockOffsetMs = 0;
});

const linkParts = (link: string | null) => {
  const url = new URL(link ?? '', 'http://localhost');
  return {
    id: url.pathname.split('/').pop() ?? '',
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
};

/** Signs a link the way the server does, with the test secret: to prove that the expiry itself is checked. */
function signedLink(id: string, exp: number) {
  const key = createHmac('sha256', TEST_JWT_SECRET).update('file-links').digest();
  const sig = createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url');
  return `/api/files/${id}?exp=${exp}&sig=${sig}`;
}

function expectInvalidLink(response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: expect.any(String), code: 'FILE_LINK_INVALID' });
}

describe('GET /api/files/{id} through a signed link', () => {
  it('serves an image inline with its type, a safe disposition, nosniff, a sandboxing CSP and private caching', async () => {
    const response = await api(t.app, { method: 'GET', url: vehicle.documents.vehicle_photo ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pngFile().data as Buffer)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String((pngFile().data as Buffer).length));
    expect(response.headers['content-disposition']).toBe(`inline; filename=photo.png; filename*=UTF-8''photo.png`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(FILE_LINK_TTL_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS + 300);
  });

  it('serves a PDF as a download, its non-ASCII name encoded per RFC 6266', async () => {
    const response = await api(t.app, { method: 'GET', url: vehicle.documents.registration ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Texpasport ?1 ?01 A 123 BC?.pdf"; filename*=UTF-8''Texpasport%20%E2%84%961%20%C2%AB01%20A%20123%20BC%C2%BB.pdf`,
    );
    const jpeg = await api(t.app, { method: 'GET', url: vehicle.documents.insurance ?? '' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('needs no bearer token: the signed link is the permission', async () => {
    const other = await createUser(t.app);
    const response = await api(t.app, {
      method: 'GET',
      url: vehicle.documents.insurance ?? '',
      token: other.accessToken,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired link (403)', async () => {
    clockOffsetMs = (FILE_LINK_TTL_SECONDS + 301) * 1000;
    expectInvalidLink(await api(t.app, { method: 'GET', url: vehicle.documents.vehicle_photo ?? '' }));
  });

  it('refuses a correctly signed link whose time is over (403)', async () => {
    const { id } = linkParts(vehicle.documents.vehicle_photo);
    const past = Math.floor(Date.now() / 1000) - 1;
    expectInvalidLink(await api(t.app, { method: 'GET', url: signedLink(id, past) }));
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await api(t.app, { method: 'GET', url: signedLink(id, future) })).statusCode).toBe(200);
  });

  it('refuses an altered signature, id or expiry (403)', async () => {
    const { id, exp, sig } = linkParts(vehicle.documents.vehicle_photo);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const otherId = linkParts(vehicle.documents.registration).id;
    for (const url of [
      `/api/files/${id}?exp=${exp}&sig=${flipped}`,
      `/api/files/${otherId}?exp=${exp}&sig=${sig}`,
      `/api/files/${id}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/files/${id}?exp=${exp}&sig=${sig}x`,
      `/api/files/${id}?exp=${exp}&sig=${sig.toUpperCase()}`,
      `/api/files/${id.toUpperCase()}?exp=${exp}&sig=${sig}`,
      `/api/files/..%2F${id}?exp=${exp}&sig=${sig}`,
    ]) {
      expectInvalidLink(await api(t.app, { method: 'GET', url }));
    }
  });

  it('refuses a link without its exp or sig (403)', async () => {
    const { id, exp, sig } = linkParts(vehicle.documents.vehicle_photo);
    for (const url of [
      pathTo(apiPaths.files.one, { id: id }),
      `/api/files/${id}?exp=${exp}`,
      `/api/files/${id}?sig=${sig}`,
      `/api/files/${id}?exp=&sig=`,
    ]) {
      expectInvalidLink(await api(t.app, { method: 'GET', url }));
    }
  });

  it('answers 404 for a well-signed link to a file that does not exist', async () => {
    const response = await api(t.app, {
      method: 'GET',
      url: signedLink(randomBytes(16).toString('hex'), Math.floor(Date.now() / 1000) + 60),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('speaks the reader’s language', async () => {
    const { id } = linkParts(vehicle.documents.vehicle_photo);
    const response = await api(t.app, {
      method: 'GET',
      url: pathTo(apiPaths.files.one, { id: id }),
      headers: { 'accept-language': 'en' },
    });
    expect(response.json()).toMatchObject({
      error: 'This file link is invalid or has expired. Reload the page and open it again',
    });
  });
});

describe('file links', () => {
  it('give the same link for a while, so browsers can cache it, and expire about an hour later', () => {
    let now = Date.UTC(2025, 0, 1, 12, 0, 7);
    const links = createFileLinks('another-secret-that-is-long-enough-0123456789', () => now);
    const id = randomBytes(16).toString('hex');
    const first = links.linkTo(id);
    now += 60_000;
    expect(links.linkTo(id)).toBe(first);
    const { exp, sig } = linkParts(first);
    expect(Number(exp) - now / 1000).toBeGreaterThanOrEqual(FILE_LINK_TTL_SECONDS - 60);
    expect(links.secondsLeft(id, exp, sig)).toBe(Number(exp) - Math.floor(now / 1000));
    now = Number(exp) * 1000;
    expect(links.secondsLeft(id, exp, sig)).toBeUndefined();
  });

  it('made with another secret are refused', () => {
    const id = randomBytes(16).toString('hex');
    const theirs = linkParts(createFileLinks('secret-one-that-is-long-enough-0123456789').linkTo(id));
    expect(
      createFileLinks('secret-two-that-is-long-enough-0123456789').secondsLeft(id, theirs.exp, theirs.sig),
    ).toBeUndefined();
  });
});

describe('document checks', () => {
  it('judge the type by the first bytes', () => {
    expect(sniffContentType(pdfFile().data as Buffer)).toBe('application/pdf');
    expect(sniffContentType(pngFile().data as Buffer)).toBe('image/png');
    expect(sniffContentType(jpegFile().data as Buffer)).toBe('image/jpeg');
    expect(sniffContentType(webpFile().data as Buffer)).toBe('image/webp');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffContentType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffContentType(Buffer.from(' %PDF-1.4'))).toBeUndefined();
    expect(sniffContentType(Buffer.alloc(0))).toBeUndefined();
  });

  it('require the extension to agree with the bytes (any case)', () => {
    const pdf = pdfFile().data as Buffer;
    expect(checkDocument('scan.PDF', pdf, 'registration')?.content_type).toBe('application/pdf');
    expect(checkDocument('photo.jpeg', jpegFile().data as Buffer, 'p')?.content_type).toBe('image/jpeg');
    expect(checkDocument('scan.png', pdf, 'registration')).toBeUndefined();
    expect(checkDocument('scan.pdf.html', pdf, 'registration')).toBeUndefined();
    expect(checkDocument('scan', pdf, 'registration')).toBeUndefined();
  });

  it('keep only a clean base name of at most 200 characters', () => {
    expect(sanitizeFileName('../../etc/passwd.png', 'f')).toBe('passwd.png');
    expect(sanitizeFileName('C:\\Users\\aziz\\Desktop\\scan.pdf', 'f')).toBe('scan.pdf');
    expect(sanitizeFileName('scan\u0000.pdf', 'f')).toBe('scan.pdf');
    expect(sanitizeFileName('bad\r\nname.pdf', 'f')).toBe('badname.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.png', 'f')).toBe('invoicefdp.png');
    expect(sanitizeFileName('..', 'registration')).toBe('registration.');
    expect(sanitizeFileName('.png', 'vehicle_photo')).toBe('vehicle_photo.png');
    expect(sanitizeFileName('...hidden.pdf', 'f')).toBe('hidden.pdf');
    const long = sanitizeFileName(`${'я'.repeat(300)}.pdf`, 'f');
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

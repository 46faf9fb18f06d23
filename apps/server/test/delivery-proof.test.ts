import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  DELIVERY_PHOTO_MAX_BYTES,
  DELIVERY_SIGNATURE_MAX_BYTES,
  pathTo,
  type DeliveryProof,
  type Notification,
} from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { pdfText } from './pdf-text.js';
import {
  createShipment,
  createUser,
  pdfFile,
  photoJpeg,
  pngFile,
  pngOf,
  proofEntries,
  putCompany,
  companyForm,
  REAL_JPEG,
  sendProof,
  signatureFile,
  signaturePng,
  webpFile,
  jpegFile,
} from './factories/index.js';

const { app, database } = await buildTestApp();
const db = database.db;

const owner = await createUser(app, { first_name: 'Dilnoza', last_name: 'Yusupova' });
const carrier = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov', phone_number: '+998911234567' });
const stranger = await createUser(app);
await putCompany(app, owner.accessToken, companyForm({ name: 'Oʻzbek Paxta MChJ', kind: 'shipper' }));
await putCompany(app, carrier.accessToken, companyForm({ name: 'Ипак Йўли Логистик' }));

const onTheWay = () =>
  createShipment(app, owner, carrier, {
    status: 'on_the_way',
    tender: { name: 'Paxta tolasi', origin_location: 'Toshkent', destination_location: 'Samarqand' },
  });

const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  api(app, { method: 'GET', url: path, ...(token ? { token } : {}), headers });
const proofOf = (number: string, token?: string) => get(pathTo(apiPaths.shipments.proof, { number }), token);
const noteOf = (number: string, token?: string, lang = 'uz') =>
  get(pathTo(apiPaths.shipments.deliveryNote, { number }), token, { 'accept-language': lang });
const codeOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().code;

/** Rows of the tables a proof writes: a refused proof must leave every count as it was. */
async function stored() {
  const count = async (table: 'files' | 'delivery_proofs' | 'delivery_proof_photos') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    files: await count('files'),
    proofs: await count('delivery_proofs'),
    photos: await count('delivery_proof_photos'),
  };
}

describe('recording the proof of delivery', () => {
  it('the carrier records photos, name, signature and position while on the way; both parties read it', async () => {
    const number = await onTheWay();
    expect((await proofOf(number, owner.accessToken)).json()).toBeNull();
    const res = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({
        fields: { receiver_name: '  Gʻulom Xoʻjayev  ' },
        photos: [photoJpeg('front.jpg'), pngFile('side.png'), webpFile('back.webp')],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const proof = res.json<DeliveryProof>();
    expect(proof).toMatchObject({
      number,
      receiver_name: 'Gʻulom Xoʻjayev',
      position: { lat: 39.6542, lon: 66.9597, accuracy_m: 12, at: expect.any(String) },
    });
    expect(proof.photos.map((photo) => photo.content_type)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(proof.signature.content_type).toBe('image/png');
    expect(Date.now() - Date.parse(proof.recorded_at)).toBeLessThan(60_000);
    for (const token of [owner.accessToken, carrier.accessToken]) {
      const read = await proofOf(number, token);
      expect(read.statusCode).toBe(200);
      expect(read.json<DeliveryProof>()).toMatchObject({ receiver_name: 'Gʻulom Xoʻjayev', photos: expect.any(Array) });
      expect(read.json<DeliveryProof>().photos).toHaveLength(3);
    }
  });

  it('tells the owner, to look at it before confirming; the owner then confirms as before', async () => {
    const number = await onTheWay();
    expect((await sendProof(app, carrier.accessToken, number)).statusCode).toBe(201);
    const notes = (
      await api(app, {
        method: 'GET',
        url: '/api/notifications?tab=system',
        token: owner.accessToken,
        headers: { 'accept-language': 'en' },
      })
    ).json<Notification[]>();
    expect(notes[0]).toMatchObject({
      kind: 'delivery_proof_recorded',
      title: 'Proof of delivery recorded',
      body: `${number}: received by Gʻulom Xoʻjayev. Check it and confirm the delivery`,
    });
    const confirmed = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.status, { number }),
      token: owner.accessToken,
      payload: { status: 'delivered' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await proofOf(number, owner.accessToken)).json<DeliveryProof>().receiver_name).toBe('Gʻulom Xoʻjayev');
  });

  it('a position is optional (the phone may refuse it), but lat and lon come together', async () => {
    const number = await onTheWay();
    const half = await sendProof(app, carrier.accessToken, number, proofEntries({ fields: { lon: '' } }));
    expect(half.statusCode).toBe(400);
    expect(half.json<ApiErrorBody>().fields).toHaveProperty('lon');
    const none = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ fields: { lat: undefined, lon: undefined, accuracy_m: '30', position_at: undefined } }),
    );
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json<DeliveryProof>().position).toBeNull();
  });

  it('only the carrier, only on the way, only once; strangers 404, no token 401', async () => {
    const number = await onTheWay();
    const byOwner = await sendProof(app, owner.accessToken, number);
    expect(byOwner.statusCode).toBe(403);
    expect(codeOf(byOwner)).toBe('DELIVERY_PROOF_CARRIER_ONLY');
    const byStranger = await sendProof(app, stranger.accessToken, number);
    expect(byStranger.statusCode).toBe(404);
    expect(codeOf(byStranger)).toBe('SHIPMENT_NOT_FOUND');
    expect((await sendProof(app, carrier.accessToken, 'SH-NOPE-1')).statusCode).toBe(404);
    expect((await sendProof(app, undefined, number)).statusCode).toBe(401);
    expect((await proofOf(number)).statusCode).toBe(401);
    expect((await noteOf(number)).statusCode).toBe(401);
    expect((await proofOf(number, stranger.accessToken)).statusCode).toBe(404);

    expect((await sendProof(app, carrier.accessToken, number)).statusCode).toBe(201);
    const again = await sendProof(app, carrier.accessToken, number);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('DELIVERY_PROOF_EXISTS');

    for (const status of ['awarded', 'loaded', 'delivered'] as const) {
      const other = await createShipment(app, owner, carrier, { status });
      const early = await sendProof(app, carrier.accessToken, other);
      expect(early.statusCode, status).toBe(409);
      expect(codeOf(early)).toBe('DELIVERY_PROOF_NOT_ON_THE_WAY');
    }
  });

  it('two proofs sent at once: one is kept, the other refused, and nothing of it stays', async () => {
    const number = await onTheWay();
    const before = await stored();
    const answers = await Promise.all([1, 2].map(() => sendProof(app, carrier.accessToken, number)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await stored()).toEqual({
      files: before.files + 2,
      proofs: before.proofs + 1,
      photos: before.photos + 1,
    });
  });
});

describe('the photos and the signature are judged by their bytes and sizes', () => {
  it('1 to 6 photos: none or seven are refused with the count named', async () => {
    const number = await onTheWay();
    const none = await sendProof(app, carrier.accessToken, number, proofEntries({ photos: [] }));
    expect(none.statusCode).toBe(400);
    expect(codeOf(none)).toBe('DELIVERY_PHOTOS_COUNT');
    expect(none.json<ApiErrorBody>().fields.photos).toBe('Yukning 1 tadan 6 tagacha suratini qoʻshing');
    const seven = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ photos: Array.from({ length: 7 }, (_, i) => photoJpeg(`p${i}.jpg`)) }),
    );
    expect(seven.statusCode).toBe(400);
    expect(codeOf(seven)).toBe('DELIVERY_PHOTOS_COUNT');
    const six = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ photos: Array.from({ length: 6 }, (_, i) => photoJpeg(`p${i}.jpg`)) }),
    );
    expect(six.statusCode, six.body).toBe(201);
    expect(six.json<DeliveryProof>().photos).toHaveLength(6);
  });

  it('a photo is an image by its content: an HTML page named .jpg, a PDF, an SVG named .png are refused', async () => {
    const number = await onTheWay();
    const fakes = [
      { filename: 'cargo.jpg', data: '<html><script>alert(1)</script></html>', type: 'image/jpeg' },
      pdfFile('cargo.pdf'),
      { filename: 'cargo.png', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { filename: 'tiny.jpg', data: 'GIF8' },
    ];
    for (const fake of fakes) {
      const res = await sendProof(app, carrier.accessToken, number, proofEntries({ photos: [photoJpeg(), fake] }));
      expect(res.statusCode, fake.filename).toBe(400);
      expect(codeOf(res)).toBe('DELIVERY_PHOTO_NOT_IMAGE');
      expect(res.json<ApiErrorBody>().fields).toHaveProperty('photos');
    }
    // the content decides, not the name: a real PNG named .jpg is a PNG, kept under a .png name
    const renamed = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ photos: [{ ...pngFile(), filename: 'photo.jpg', type: 'image/jpeg' }] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(201);
    const [photo] = renamed.json<DeliveryProof>().photos;
    expect(photo?.content_type).toBe('image/png');
    const download = await get(photo!.url);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('photo.png');
  });

  it('a photo of exactly 10 MB is taken; one byte more is 413 with the field named', async () => {
    const number = await onTheWay();
    const big = (size: number) => ({
      filename: 'big.jpg',
      data: Buffer.concat([REAL_JPEG.subarray(0, 4), Buffer.alloc(size - 4)]),
    });
    const over = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ photos: [big(DELIVERY_PHOTO_MAX_BYTES + 1)] }),
    );
    expect(over.statusCode).toBe(413);
    expect(codeOf(over)).toBe('FILE_TOO_LARGE');
    expect(over.json<ApiErrorBody>().fields).toHaveProperty('photos');
    const exact = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ photos: [big(DELIVERY_PHOTO_MAX_BYTES)] }),
    );
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('the signature is one PNG of at most 1 MB and a sane size; missing, JPEG, huge or two are refused', async () => {
    const number = await onTheWay();
    const cases: Array<[string, ReturnType<typeof proofEntries>, number, string]> = [
      ['missing', proofEntries({ signature: null }), 400, 'DELIVERY_SIGNATURE_INVALID'],
      [
        'a JPEG',
        proofEntries({ signature: { filename: 'sig.png', data: REAL_JPEG } }),
        400,
        'DELIVERY_SIGNATURE_INVALID',
      ],
      [
        'HTML named .png',
        proofEntries({ signature: { filename: 'sig.png', data: '<html><body>x</body></html>' } }),
        400,
        'DELIVERY_SIGNATURE_INVALID',
      ],
      [
        'over 1 MB',
        proofEntries({
          signature: signatureFile(Buffer.concat([signaturePng(), Buffer.alloc(DELIVERY_SIGNATURE_MAX_BYTES)])),
        }),
        413,
        'DELIVERY_SIGNATURE_TOO_LARGE',
      ],
      [
        'a header claiming 100 000 × 100 000 pixels',
        proofEntries({ signature: signatureFile(pngOf(100_000, 100_000, 6, Buffer.alloc(10))) }),
        400,
        'DELIVERY_SIGNATURE_INVALID',
      ],
      ['two signatures', proofEntries({ extra: [['signature', signatureFile()]] }), 400, 'DELIVERY_SIGNATURE_INVALID'],
    ];
    for (const [what, entries, status, code] of cases) {
      const res = await sendProof(app, carrier.accessToken, number, entries);
      expect(res.statusCode, what).toBe(status);
      expect(codeOf(res), what).toBe(code);
      expect(res.json<ApiErrorBody>().fields, what).toHaveProperty('signature');
    }
  });

  it('a refused proof stores nothing: files already read are not kept', async () => {
    const number = await onTheWay();
    const before = await stored();
    const refusals = [
      // six good photos, then a seventh
      proofEntries({ photos: Array.from({ length: 7 }, (_, i) => photoJpeg(`p${i}.jpg`)) }),
      // good photos, then a fake
      proofEntries({ photos: [photoJpeg(), photoJpeg(), { filename: 'x.jpg', data: '<html></html>' }] }),
      // everything good but the signature, which comes last
      proofEntries({ photos: [photoJpeg(), pngFile()], signature: { filename: 's.png', data: REAL_JPEG } }),
      // everything good but the name
      proofEntries({ fields: { receiver_name: '' } }),
      // everything good but a time far ahead
      proofEntries({ fields: { position_at: new Date(Date.now() + 3_600_000).toISOString() } }),
    ];
    for (const entries of refusals)
      expect((await sendProof(app, carrier.accessToken, number, entries)).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect((await proofOf(number, carrier.accessToken)).json()).toBeNull();
  });
});

describe('the form fields', () => {
  it('answers 400 with the field named for a missing, blank, long or bad name and bad positions', async () => {
    const number = await onTheWay();
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ receiver_name: undefined }, 'receiver_name'],
      [{ receiver_name: '   ' }, 'receiver_name'],
      [{ receiver_name: 'x'.repeat(121) }, 'receiver_name'],
      [{ receiver_name: 'x'.repeat(20_000) }, 'receiver_name'],
      [{ receiver_name: 'Ali\u0000Vali' }, 'receiver_name'],
      [{ lat: '91' }, 'lat'],
      [{ lat: '-90.5' }, 'lat'],
      [{ lon: '180.01' }, 'lon'],
      [{ lat: 'abc' }, 'lat'],
      [{ lat: '1e308' }, 'lat'],
      [{ lon: 'Infinity' }, 'lon'],
      [{ accuracy_m: '-1' }, 'accuracy_m'],
      [{ accuracy_m: '1e12' }, 'accuracy_m'],
      [{ position_at: 'yesterday' }, 'position_at'],
      [{ position_at: new Date(Date.now() + 10 * 60_000).toISOString() }, 'position_at'],
    ];
    for (const [fields, name] of cases) {
      const res = await sendProof(app, carrier.accessToken, number, proofEntries({ fields }));
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json<ApiErrorBody>().fields, JSON.stringify(fields).slice(0, 80)).toHaveProperty(name);
    }
    // the name is the field's, in the reader's language
    const missing = await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({ fields: { receiver_name: undefined } }),
      {
        'accept-language': 'ru',
      },
    );
    expect(missing.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { receiver_name: 'Обязательное поле' },
    });
  });

  it('refuses an unknown file field, a JSON body and a number that is no shipment number', async () => {
    const number = await onTheWay();
    const unknown = await sendProof(app, carrier.accessToken, number, proofEntries({ extra: [['cv', pdfFile()]] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().fields).toHaveProperty('cv');
    const json = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.proof, { number }),
      token: carrier.accessToken,
      payload: { receiver_name: 'Ali', photos: ['x'] },
    });
    expect(json.statusCode).toBe(415);
    const long = await sendProof(app, carrier.accessToken, 'S'.repeat(41));
    expect(long.statusCode).toBe(400);
    expect((await proofOf('S'.repeat(41), owner.accessToken)).statusCode).toBe(400);
    expect((await noteOf('S'.repeat(41), owner.accessToken)).statusCode).toBe(400);
    // a path longer than any route takes is refused before routing
    expect((await noteOf('S'.repeat(300), owner.accessToken)).statusCode).toBe(414);
    expect((await proofOf('SH-404404', owner.accessToken)).statusCode).toBe(404);
  });
});

describe('downloads of the photos and the signature', () => {
  it('come with their own type, nosniff, a disposition and a sandbox, never as HTML; altered links 403', async () => {
    const number = await onTheWay();
    const proof = (
      await sendProof(app, carrier.accessToken, number, proofEntries({ photos: [photoJpeg(), pngFile()] }))
    ).json<DeliveryProof>();
    for (const file of [...proof.photos, proof.signature]) {
      const res = await get(file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(file.content_type);
      expect(res.headers['content-type']).not.toContain('html');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename=/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    const photo = await get(proof.photos[0]!.url);
    expect(photo.rawPayload.equals(REAL_JPEG)).toBe(true);
    expect((await get(proof.photos[0]!.url.replace(/sig=[^&]+/, 'sig=' + 'A'.repeat(43)))).statusCode).toBe(403);
    expect((await get(proof.photos[0]!.url.split('?')[0]!)).statusCode).toBe(403);
  });
});

describe('the delivery note (PDF)', () => {
  it('is for both parties once the proof is recorded: readable in Uzbek, Russian and English', async () => {
    const number = await onTheWay();
    const early = await noteOf(number, owner.accessToken);
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe('DELIVERY_NOTE_NOT_READY');
    await sendProof(
      app,
      carrier.accessToken,
      number,
      proofEntries({
        fields: { receiver_name: 'Гульнора Каримова' },
        photos: [photoJpeg(), pngFile(), webpFile(), jpegFile('broken.jpg')],
      }),
    );
    for (const token of [owner.accessToken, carrier.accessToken]) {
      const res = await noteOf(number, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="delivery-note-${number}.pdf"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const text = await pdfText((await noteOf(number, owner.accessToken)).rawPayload);
    // the number, the three titles, labels in Uzbek (with its own letters), Russian and English
    for (const words of [
      number,
      'Yetkazib berish yoʻlxati',
      'Накладная о доставке',
      'Delivery note',
      'Yuk egasi',
      'Владелец груза',
      'Cargo owner',
      'Yoʻnalish',
      'Маршрут',
      'Подпись получателя',
      // the values: parties (companies and people), cargo, route, price, receiver, position
      'Oʻzbek Paxta MChJ',
      'Ипак Йўли Логистик',
      'Aziz Rahimov',
      'Dilnoza Yusupova',
      'Paxta tolasi',
      'Toshkent',
      'Samarqand',
      '1,200 USD',
      'Гульнора Каримова',
      '39.65420, 66.95970',
      // the WebP and the broken photo are named, not drawn
      'WebP photo: open it in the app',
      'The photo cannot be shown here: open it in the app',
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it('puts the reader’s language first', async () => {
    const number = await onTheWay();
    await sendProof(app, carrier.accessToken, number);
    const firstLine = async (lang: string) =>
      (await pdfText((await noteOf(number, carrier.accessToken, lang)).rawPayload)).trimStart().slice(0, 40);
    expect(await firstLine('ru')).toMatch(/^Накладная о доставке/);
    expect(await firstLine('en')).toMatch(/^Delivery note/);
    expect(await firstLine('uz')).toMatch(/^Yetkazib berish yoʻlxati/);
  });

  it('strangers get 404; a delivered shipment without a proof gets a note saying so', async () => {
    const number = await onTheWay();
    await sendProof(app, carrier.accessToken, number);
    expect((await noteOf(number, stranger.accessToken)).statusCode).toBe(404);
    expect(codeOf(await noteOf(number, stranger.accessToken))).toBe('SHIPMENT_NOT_FOUND');
    const delivered = await createShipment(app, owner, carrier, { status: 'delivered' });
    const res = await noteOf(delivered, owner.accessToken, 'en');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('No proof of delivery was recorded');
    expect(text).toContain('Подтверждение доставки не записано');
  });

  it('a signature PNG whose pixels are broken is named, not drawn, and the server keeps running', async () => {
    const number = await onTheWay();
    // a valid header and chunks, but pixel data that is no zlib stream: decoding it would throw
    const broken = pngOf(300, 120, 6, Buffer.from('this is not deflate data at all'));
    expect(
      (await sendProof(app, carrier.accessToken, number, proofEntries({ signature: signatureFile(broken) })))
        .statusCode,
    ).toBe(201);
    const res = await noteOf(number, owner.accessToken, 'en');
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('The photo cannot be shown here');
    expect((await get(apiPaths.health)).statusCode).toBe(200);
  });
});

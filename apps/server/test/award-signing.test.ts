import { afterAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  awardP7sFileName,
  pathTo,
  readAwardDocument,
  type AwardState,
  type EriLink,
  type Notification,
} from '@yuk/shared';
import { companyForm, createShipment, createUser, putCompany } from './factories/index.js';
import { certificatesFrom, closedPortUrl, startFakeEimzo } from './fakes/eimzo-server.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { pdfText } from './pdf-text.js';

const fake = await startFakeEimzo();
afterAll(() => fake.close());

const OUR_HOST = 'yuktender.test';
const { app, database } = await buildTestApp({ eimzo: { serverUrl: fake.url, host: OUR_HOST, timeoutMs: 400 } });

/** A person's certificate, in force: a fresh PINFL each time. */
const person = certificatesFrom(41_234_567_890_000);

/** A user with a company (its STIR on their organisation certificate) and an ERI key linked to them. */
async function partyWithKey(cn: string, companyName: string, kind: 'shipper' | 'carrier') {
  const user = await createUser(app);
  const form = companyForm({ name: companyName, kind });
  const stir = form.stir as string;
  expect((await putCompany(app, user.accessToken, form)).statusCode).toBe(200);
  const certificate = person({ cn, stir });
  const linked = await api(app, {
    method: 'POST',
    url: apiPaths.users.eri,
    token: user.accessToken,
    payload: { pkcs7: fake.signed(certificate) },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return { user, certificate, stir };
}

const owner = await partyWithKey('YUSUPOVA DILNOZA', 'Oʻzbek Paxta MChJ', 'shipper');
const carrier = await partyWithKey('RAHIMOV AZIZ', 'Ипак Йўли Логистик', 'carrier');
const stranger = await createUser(app);

const awardOf = (number: string, token?: string) =>
  api(app, { method: 'GET', url: pathTo(apiPaths.shipments.award, { number }), ...(token ? { token } : {}) });
/** A signature sent from `from` (the route's rate limit counts per address: the later tests use their own). */
const sign = (number: string, token: string | undefined, payload: unknown, from?: string) =>
  api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.awardSignatures, { number }),
    payload: payload as object,
    ...(token ? { token } : {}),
    ...(from ? { remoteAddress: from } : {}),
  });
/** `party` signs `document` (the award's text) with their linked key. */
const signAs = (number: string, party: typeof owner, document: string, from?: string) =>
  sign(number, party.user.accessToken, { pkcs7: fake.signedDocument(party.certificate, document) }, from);
const p7sOf = (number: string, side: string, token?: string) =>
  api(app, {
    method: 'GET',
    url: `${pathTo(apiPaths.shipments.awardP7s, { number })}?side=${side}`,
    ...(token ? { token } : {}),
  });
const codeOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().code;

async function signatureRows() {
  return database.db.selectFrom('award_signatures').selectAll().execute();
}

const newShipment = (status: 'awarded' | 'delivered' = 'awarded') =>
  createShipment(app, owner.user, carrier.user, {
    status,
    tender: { name: 'Paxta tolasi', origin_location: 'Toshkent', destination_location: 'Samarqand' },
  });

describe('the award document', () => {
  it('shows both parties the same canonical document: tender number, companies and STIRs, route, dates and price', async () => {
    const number = await newShipment();
    const forOwner = await awardOf(number, owner.user.accessToken);
    expect(forOwner.statusCode).toBe(200);
    const state = forOwner.json<AwardState>();
    expect(state.my_side).toBe('owner');
    expect(state.signatures).toEqual([]);
    const forCarrier = (await awardOf(number, carrier.user.accessToken)).json<AwardState>();
    expect(forCarrier.my_side).toBe('carrier');
    expect(forCarrier.document).toBe(state.document);
    expect(Buffer.from(state.document_base64, 'base64').toString('utf8')).toBe(state.document);

    // the text the web app shows as a document: it reads as an award of the shared schema
    const document = readAwardDocument(state.document);
    expect(document).toMatchObject({
      document: 'Yuk Tender award',
      version: 1,
      tender_number: number,
      owner: { company: 'Oʻzbek Paxta MChJ', stir: owner.stir },
      carrier: { company: 'Ипак Йўли Логистик', stir: carrier.stir },
      origin: 'Toshkent',
      destination: 'Samarqand',
      price: { amount: '1200.00', currency: 'USD' },
    });
    expect(document?.pickup_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // canonical: no whitespace between tokens, every object's keys in order
    expect(state.document).not.toMatch(/[{,:]\s|\s[}:,]/);
    const keysInOrder = (value: unknown): boolean =>
      value === null || typeof value !== 'object'
        ? true
        : Object.keys(value).join() === Object.keys(value).sort().join() &&
          Object.values(value as Record<string, unknown>).every(keysInOrder);
    expect(keysInOrder(JSON.parse(state.document))).toBe(true);
  });

  it('is for the two parties only: 404 for anyone else, 401 without a token, 400 for a bad number', async () => {
    const number = await newShipment();
    const other = await awardOf(number, stranger.accessToken);
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('SHIPMENT_NOT_FOUND');
    expect((await awardOf(number)).statusCode).toBe(401);
    expect((await awardOf('YT-\u0000', owner.user.accessToken)).statusCode).toBe(400);
    expect((await awardOf('YT-999999', owner.user.accessToken)).statusCode).toBe(404);
  });
});

describe('signing the award', () => {
  it('both parties sign; each signature is timestamped, kept, shown, audited, and downloadable by both parties only', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();

    const byOwner = await sign(number, owner.user.accessToken, {
      pkcs7: fake.signedDocument(owner.certificate, document),
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json<AwardState>().signatures).toEqual([
      {
        side: 'owner',
        signer_name: 'YUSUPOVA DILNOZA',
        stir: owner.stir,
        signed_at: expect.stringMatching(/Z$/) as unknown,
        timestamped_at: expect.stringMatching(/Z$/) as unknown,
      },
    ]);
    // the timestamp was asked for first, then the stamped PKCS#7 was checked, with our host and the user's address
    const calls = fake.documentCalls.slice(-2);
    expect(calls.map((call) => call.path)).toEqual(['/frontend/timestamp/pkcs7', '/backend/pkcs7/verify/attached']);
    expect(calls[0]).toMatchObject({ host: OUR_HOST, realIp: '127.0.0.1' });
    expect(calls[1]!.body).not.toBe(calls[0]!.body);

    const byCarrier = await sign(number, carrier.user.accessToken, {
      pkcs7: fake.signedDocument(carrier.certificate, document),
    });
    expect(byCarrier.statusCode, byCarrier.body).toBe(200);
    const state = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    expect(state.document).toBe(document);
    expect(state.signatures.map((each) => [each.side, each.signer_name])).toEqual([
      ['owner', 'YUSUPOVA DILNOZA'],
      ['carrier', 'RAHIMOV AZIZ'],
    ]);

    const stored = (await signatureRows()).filter((row) => row.document === document);
    expect(stored).toHaveLength(2);
    // what is kept is the stamped PKCS#7 that E-IMZO-SERVER gave back, not the one the browser sent
    const stampedBodies = fake.documentCalls
      .filter((c) => c.path === '/backend/pkcs7/verify/attached')
      .map((c) => c.body);
    for (const row of stored) expect(stampedBodies).toContain(row.pkcs7);

    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'shipment.award_signed')
      .where('subject_id', '=', number)
      .execute();
    expect(audit.map((row) => row.actor_user_id).sort()).toEqual([owner.user.user.id, carrier.user.user.id].sort());

    for (const side of ['owner', 'carrier'] as const) {
      const row = stored.find((each) => each.side === side)!;
      for (const token of [owner.user.accessToken, carrier.user.accessToken]) {
        const res = await p7sOf(number, side, token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pkcs7-signature');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${awardP7sFileName(number, side)}"`);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.rawPayload.equals(Buffer.from(row.pkcs7, 'base64'))).toBe(true);
      }
      const other = await p7sOf(number, side, stranger.accessToken);
      expect(other.statusCode).toBe(404);
      expect((await p7sOf(number, side)).statusCode).toBe(401);
    }
    expect((await p7sOf(number, 'both', owner.user.accessToken)).statusCode).toBe(400);
  });

  it('keeps the document the first side signed: a company renamed afterwards changes nothing the second side signs', async () => {
    const renaming = await partyWithKey('TOSHEVA MALIKA', 'Eski Nom MChJ', 'shipper');
    const number = await createShipment(app, renaming.user, carrier.user);
    const { document } = (await awardOf(number, renaming.user.accessToken)).json<AwardState>();
    expect(document).toContain('Eski Nom MChJ');
    const first = await sign(number, renaming.user.accessToken, {
      pkcs7: fake.signedDocument(renaming.certificate, document),
    });
    expect(first.statusCode, first.body).toBe(200);
    const renamed = await putCompany(
      app,
      renaming.user.accessToken,
      companyForm({ name: 'Yangi Nom MChJ', kind: 'shipper', stir: renaming.stir }),
    );
    expect(renamed.statusCode).toBe(200);
    const shown = (await awardOf(number, carrier.user.accessToken)).json<AwardState>();
    expect(shown.document).toBe(document);
    const second = await sign(number, carrier.user.accessToken, {
      pkcs7: fake.signedDocument(carrier.certificate, document),
    });
    expect(second.statusCode, second.body).toBe(200);
    // a new award reads the company as it is now
    const another = await createShipment(app, renaming.user, carrier.user);
    const now = (await awardOf(another, renaming.user.accessToken)).json<AwardState>().document;
    expect(now).toContain('Yangi Nom MChJ');
  });

  it('refuses a second signature of the same side with 409 AWARD_ALREADY_SIGNED, before asking E-IMZO-SERVER', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, carrier.user.accessToken)).json<AwardState>();
    expect((await signAs(number, carrier, document)).statusCode).toBe(200);
    const calls = fake.documentCalls.length;
    const again = await sign(number, carrier.user.accessToken, {
      pkcs7: fake.signedDocument(carrier.certificate, document),
    });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('AWARD_ALREADY_SIGNED');
    expect(fake.documentCalls.length).toBe(calls);
    // the other side's signature is not there yet
    expect((await p7sOf(number, 'owner', carrier.user.accessToken)).statusCode).toBe(404);
    expect(codeOf(await p7sOf(number, 'owner', carrier.user.accessToken))).toBe('AWARD_SIGNATURE_NOT_FOUND');
  });

  it('refuses a tampered document: what was signed must be exactly the current award', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    const tampered = document.replace('"amount":"1200.00"', '"amount":"100.00"');
    expect(tampered).not.toBe(document);
    const pretty = JSON.stringify(JSON.parse(document), null, 2);
    for (const signed of [tampered, pretty, `${document} `]) {
      const res = await signAs(number, owner, signed);
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe('AWARD_DOCUMENT_MISMATCH');
    }
    expect((await awardOf(number, owner.user.accessToken)).json<AwardState>().signatures).toEqual([]);
  });

  it('refuses a signature E-IMZO-SERVER does not confirm: a refusal, a broken signature, an untrusted or lapsed certificate', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    const attempts = [
      fake.refused('Signature is not valid'),
      Buffer.from('never registered').toString('base64'),
      fake.signedDocument(owner.certificate, document, {
        verified: false,
        certificateVerified: true,
        certificateValidAtSigningTime: true,
      }),
      fake.signedDocument(owner.certificate, document, {
        verified: true,
        certificateVerified: false,
        certificateValidAtSigningTime: true,
      }),
      fake.signedDocument(owner.certificate, document, {
        verified: true,
        certificateVerified: true,
        certificateValidAtSigningTime: false,
      }),
    ];
    for (const pkcs7 of attempts) {
      const res = await sign(number, owner.user.accessToken, { pkcs7 });
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('AWARD_SIGNATURE_REFUSED');
    }
    expect((await signatureRows()).some((row) => row.document === document)).toBe(false);
  });

  it('asks for the signer linked to the caller: 403 for another person’s key, 409 without a link', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    const someoneElse = await sign(number, owner.user.accessToken, {
      pkcs7: fake.signedDocument(person({ cn: 'BOSHQA ODAM' }), document),
    });
    expect(someoneElse.statusCode).toBe(403);
    expect(codeOf(someoneElse)).toBe('AWARD_SIGNER_MISMATCH');
    // the carrier's own key, used by the owner's account
    const carriersKey = await sign(number, owner.user.accessToken, {
      pkcs7: fake.signedDocument(carrier.certificate, document),
    });
    expect(carriersKey.statusCode).toBe(403);

    const unlinkedOwner = await createUser(app);
    const unlinkedCarrier = await createUser(app);
    const plain = await createShipment(app, unlinkedOwner, unlinkedCarrier);
    const plainDocument = (await awardOf(plain, unlinkedOwner.accessToken)).json<AwardState>().document;
    const res = await sign(plain, unlinkedOwner.accessToken, { pkcs7: fake.signedDocument(person(), plainDocument) });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('AWARD_SIGNER_NOT_LINKED');
  });

  it('is for the two parties only, with a token, and a base64 PKCS#7', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    const third = await sign(number, stranger.accessToken, { pkcs7: fake.signedDocument(person(), document) });
    expect(third.statusCode).toBe(404);
    expect(codeOf(third)).toBe('SHIPMENT_NOT_FOUND');
    expect((await sign(number, undefined, { pkcs7: 'QQ==' })).statusCode).toBe(401);
    const calls = fake.documentCalls.length;
    for (const payload of [
      {},
      { pkcs7: 42 },
      { pkcs7: null },
      { pkcs7: '' },
      { pkcs7: 'not base64!' },
      { pkcs7: ['QQ=='] },
      { other: 'QQ==' },
    ]) {
      const res = await sign(number, owner.user.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(fake.documentCalls.length).toBe(calls);
  });

  it('answers 503 ERI_UNAVAILABLE when E-IMZO-SERVER is slow, and keeps nothing', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    const started = Date.now();
    const res = await sign(number, owner.user.accessToken, {
      pkcs7: fake.slowDocument(owner.certificate, document, 1500),
    });
    expect(res.statusCode).toBe(503);
    expect(codeOf(res)).toBe('ERI_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(1400);
    expect((await awardOf(number, owner.user.accessToken)).json<AwardState>().signatures).toEqual([]);
  });
});

/** The award as one file: GET …/award.p7s without a side. */
const SIGNERS_ADDRESS = '10.22.0.1';
const plainP7sOf = (number: string, token?: string) =>
  api(app, { method: 'GET', url: pathTo(apiPaths.shipments.awardP7s, { number }), ...(token ? { token } : {}) });
const joinCalls = () => fake.documentCalls.filter((call) => call.path === '/frontend/pkcs7/join');
const joinedRow = (number: string) =>
  database.db
    .selectFrom('award_joined_signatures')
    .innerJoin('shipments', 'shipments.id', 'award_joined_signatures.shipment_id')
    .select(['award_joined_signatures.pkcs7'])
    .where('shipments.number', '=', number)
    .executeTakeFirst();

describe('one award.p7s with both signatures', () => {
  it('gives the one signature while one side has signed, and both in one PKCS#7 joined when the second signs', async () => {
    const number = await newShipment();
    const none = await plainP7sOf(number, owner.user.accessToken);
    expect(none.statusCode).toBe(404);
    expect(codeOf(none)).toBe('AWARD_SIGNATURE_NOT_FOUND');
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();

    expect((await signAs(number, carrier, document, SIGNERS_ADDRESS)).statusCode).toBe(200);
    const one = await plainP7sOf(number, owner.user.accessToken);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toBe(`attachment; filename="${awardP7sFileName(number, 'carrier')}"`);
    const carrierRow = (await signatureRows()).find((row) => row.document === document && row.side === 'carrier')!;
    expect(one.rawPayload.equals(Buffer.from(carrierRow.pkcs7, 'base64'))).toBe(true);
    const joinsBefore = joinCalls().length;

    expect((await signAs(number, owner, document, SIGNERS_ADDRESS)).statusCode).toBe(200);
    // joined once, at the second signature: the two stamped PKCS#7 in the vendor's "first|second" body
    const calls = joinCalls().slice(joinsBefore);
    expect(calls).toHaveLength(1);
    const ownerRow = (await signatureRows()).find((row) => row.document === document && row.side === 'owner')!;
    expect(calls[0]).toMatchObject({
      body: `${ownerRow.pkcs7}|${carrierRow.pkcs7}`,
      host: OUR_HOST,
      realIp: SIGNERS_ADDRESS,
    });
    const kept = await joinedRow(number);
    expect(kept).toBeDefined();
    expect(fake.signersOf(kept!.pkcs7)).toEqual(['YUSUPOVA DILNOZA', 'RAHIMOV AZIZ']);

    for (const token of [owner.user.accessToken, carrier.user.accessToken]) {
      const both = await plainP7sOf(number, token);
      expect(both.statusCode).toBe(200);
      expect(both.headers['content-type']).toBe('application/pkcs7-signature');
      expect(both.headers['content-disposition']).toBe(`attachment; filename="${awardP7sFileName(number)}"`);
      expect(both.headers['x-content-type-options']).toBe('nosniff');
      expect(both.headers['cache-control']).toBe('private, no-store');
      expect(both.rawPayload.equals(Buffer.from(kept!.pkcs7, 'base64'))).toBe(true);
    }
    // downloads read what is kept: no join again
    expect(joinCalls().length).toBe(joinsBefore + 1);
    // each side's own file stays
    const own = await p7sOf(number, 'owner', carrier.user.accessToken);
    expect(own.rawPayload.equals(Buffer.from(ownerRow.pkcs7, 'base64'))).toBe(true);
    expect((await plainP7sOf(number, stranger.accessToken)).statusCode).toBe(404);
    expect((await plainP7sOf(number)).statusCode).toBe(401);
  });

  it('keeps the second signature when the join fails, and joins at the next download (503 while it cannot)', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    expect((await signAs(number, owner, document, SIGNERS_ADDRESS)).statusCode).toBe(200);
    fake.setJoinMode('fails');
    try {
      const second = await signAs(number, carrier, document, SIGNERS_ADDRESS);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<AwardState>().signatures.map((each) => each.side)).toEqual(['owner', 'carrier']);
      expect(await joinedRow(number)).toBeUndefined();

      const down = await plainP7sOf(number, carrier.user.accessToken);
      expect(down.statusCode).toBe(503);
      expect(codeOf(down)).toBe('ERI_UNAVAILABLE');
      fake.setJoinMode('refuses');
      expect((await plainP7sOf(number, carrier.user.accessToken)).statusCode).toBe(503);
      // each side's own file is there all along
      expect((await p7sOf(number, 'carrier', owner.user.accessToken)).statusCode).toBe(200);
    } finally {
      fake.setJoinMode('joins');
    }
    const joinsBefore = joinCalls().length;
    const joined = await plainP7sOf(number, owner.user.accessToken);
    expect(joined.statusCode).toBe(200);
    expect(joined.headers['content-disposition']).toBe(`attachment; filename="${awardP7sFileName(number)}"`);
    expect(joinCalls().length).toBe(joinsBefore + 1);
    const kept = await joinedRow(number);
    expect(joined.rawPayload.equals(Buffer.from(kept!.pkcs7, 'base64'))).toBe(true);
    expect(fake.signersOf(kept!.pkcs7)).toEqual(['YUSUPOVA DILNOZA', 'RAHIMOV AZIZ']);
  });
});

describe('the other party hears of a signature', () => {
  const notificationsOf = async (token: string, lang: string) =>
    (
      await api(app, {
        method: 'GET',
        url: '/api/notifications?tab=system',
        token,
        headers: { 'accept-language': lang },
      })
    ).json<Notification[]>();

  it('tells the other party, in their language, with a link to the shipment page; not the signer', async () => {
    const number = await newShipment();
    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    expect((await signAs(number, owner, document, SIGNERS_ADDRESS)).statusCode).toBe(200);
    const [note] = (await notificationsOf(carrier.user.accessToken, 'en')).filter(
      (each) => each.kind === 'award_signed',
    );
    expect(note).toMatchObject({
      kind: 'award_signed',
      type: 'system',
      title: 'The other party signed the award',
      body: `${number}: signed by YUSUPOVA DILNOZA with an ERI key. The signed award is on the shipment page`,
      link: `/shipment/status?number=${number}`,
      read: false,
    });
    const [russian] = (await notificationsOf(carrier.user.accessToken, 'ru')).filter(
      (each) => each.kind === 'award_signed',
    );
    expect(russian?.title).toBe('Другая сторона подписала соглашение');
    const ownerNotes = await notificationsOf(owner.user.accessToken, 'en');
    expect(ownerNotes.filter((each) => each.kind === 'award_signed' && each.body.startsWith(number))).toEqual([]);

    expect((await signAs(number, carrier, document, SIGNERS_ADDRESS)).statusCode).toBe(200);
    const [back] = (await notificationsOf(owner.user.accessToken, 'uz')).filter(
      (each) => each.kind === 'award_signed' && each.body.startsWith(number),
    );
    expect(back?.body).toContain('RAHIMOV AZIZ');
  });

  it('tells no one of a refused signature', async () => {
    const number = await newShipment();
    const before = (await notificationsOf(carrier.user.accessToken, 'en')).filter(
      (each) => each.kind === 'award_signed' && each.body.startsWith(number),
    );
    expect((await sign(number, owner.user.accessToken, { pkcs7: fake.refused() }, SIGNERS_ADDRESS)).statusCode).toBe(
      400,
    );
    const after = (await notificationsOf(carrier.user.accessToken, 'en')).filter(
      (each) => each.kind === 'award_signed' && each.body.startsWith(number),
    );
    expect(after).toEqual(before);
  });
});

describe('the signed award without E-IMZO-SERVER', () => {
  it('answers 503 ERI_UNAVAILABLE to a signature when not configured; the award still reads', async () => {
    const off = await buildTestApp();
    for (const target of [off.app]) {
      const first = await createUser(target);
      const second = await createUser(target);
      const number = await createShipment(target, first, second);
      const read = await api(target, {
        method: 'GET',
        url: pathTo(apiPaths.shipments.award, { number }),
        token: first.accessToken,
      });
      expect(read.statusCode).toBe(200);
      const res = await api(target, {
        method: 'POST',
        url: pathTo(apiPaths.shipments.awardSignatures, { number }),
        token: first.accessToken,
        payload: { pkcs7: 'QQ==' },
      });
      expect(res.statusCode).toBe(503);
      expect(codeOf(res)).toBe('ERI_UNAVAILABLE');
    }
    await off.close();
  });

  it('answers 503 ERI_UNAVAILABLE when a linked signer signs and E-IMZO-SERVER is down', async () => {
    const down = await buildTestApp({ eimzo: { serverUrl: await closedPortUrl(), host: OUR_HOST, timeoutMs: 400 } });
    const first = await createUser(down.app);
    const second = await createUser(down.app);
    const number = await createShipment(down.app, first, second);
    await down.database.db
      .insertInto('eri_links')
      .values({
        user_id: first.user.id,
        pinfl: '51234567890123',
        name: 'X',
        stir: null,
        serial_number: '1',
        valid_from: new Date().toISOString(),
        valid_to: new Date(Date.now() + 86_400_000).toISOString(),
        linked_at: new Date().toISOString(),
      })
      .execute();
    const res = await api(down.app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.awardSignatures, { number }),
      token: first.accessToken,
      payload: { pkcs7: 'QQ==' },
    });
    expect(res.statusCode).toBe(503);
    expect(codeOf(res)).toBe('ERI_UNAVAILABLE');
    expect(
      (await api(down.app, { method: 'GET', url: apiPaths.users.eri, token: first.accessToken })).json<EriLink>().name,
    ).toBe('X');
    await down.close();
  });
});

describe('the delivery note shows the signed award', () => {
  it('"signed by … on …" for each side that signed, "not signed" for the other', async () => {
    const number = await newShipment('delivered');
    const noteText = async (lang: string) => {
      const res = await api(app, {
        method: 'GET',
        url: pathTo(apiPaths.shipments.deliveryNote, { number }),
        token: carrier.user.accessToken,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    };
    expect(await noteText('en')).toContain('Signed award (ERI)');
    expect(await noteText('en')).not.toContain('Signed by');

    const { document } = (await awardOf(number, owner.user.accessToken)).json<AwardState>();
    expect((await signAs(number, owner, document)).statusCode).toBe(200);
    const text = await noteText('en');
    expect(text).toContain(`Signed by YUSUPOVA DILNOZA (${owner.stir}) on`);
    expect(text).toContain('Not signed');
    expect(text).not.toContain('RAHIMOV AZIZ (');

    expect((await signAs(number, carrier, document)).statusCode).toBe(200);
    const both = await noteText('en');
    expect(both).toContain(`Signed by RAHIMOV AZIZ (${carrier.stir}) on`);
    expect(both).not.toContain('Not signed');
    expect(await noteText('ru')).toContain(`Подписал(а) RAHIMOV AZIZ (${carrier.stir})`);
  });
});

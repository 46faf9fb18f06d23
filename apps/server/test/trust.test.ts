import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type Company,
  type Notification,
  type PublicCompany,
  type Report,
  type ShipmentRatings,
  type Tender,
  type TenderBid,
} from '@yuk/shared';
import { runAdminCommand } from '../src/admin.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ratingFigures } from '../src/modules/ratings/index.js';
import { getShipmentRatings, rateShipment } from '../src/modules/ratings/ratings.service.js';
import {
  companyForm,
  createShipment,
  createTender,
  createUser,
  makeModerator,
  pdfFile,
  pendingCompany,
  pngFile,
  putCompany,
  runSchedule,
} from './factories/index.js';
import { api, buildTestApp, engine, testDatabaseUrl, type ApiErrorBody } from './helpers.js';

const { app, database } = await buildTestApp();

const moderator = await createUser(app);
await makeModerator(database, moderator.email);

const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  api(app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const myCompany = async (token: string) => (await call(token, 'GET', apiPaths.companies.mine)).json<Company>();
const decide = (token: string, action: 'verify' | 'reject' | 'suspend' | 'unsuspend', id: number, reason?: string) =>
  call(token, 'POST', pathTo(apiPaths.admin[action], { id }), reason === undefined ? undefined : { reason });
const latestNotice = async (token: string) =>
  (await call(token, 'GET', apiPaths.notifications.list)).json<Notification[]>()[0];
const companyRows = async () =>
  Number(
    (
      await database.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A user whose company a moderator has verified. */
async function verifiedUser() {
  const user = await createUser(app);
  const company = await pendingCompany(app, user.accessToken);
  expect((await decide(moderator.accessToken, 'verify', company.id)).statusCode).toBe(200);
  return { ...user, company };
}

describe('my company', () => {
  it('starts blank and unverified, and is filled in with both documents', async () => {
    const user = await createUser(app);
    const blank = await myCompany(user.accessToken);
    expect(blank).toMatchObject({
      name: '',
      stir: '',
      kind: null,
      verification_status: 'unverified',
      suspended: false,
    });
    const form = companyForm({ stir: '301 234 567', phone: '90 123 45 67' });
    const saved = await putCompany(app, user.accessToken, form);
    expect(saved.statusCode).toBe(200);
    const company = saved.json<Company>();
    expect(company).toMatchObject({
      id: blank.id,
      name: 'Silk Road Logistics MChJ',
      stir: '301234567',
      kind: 'carrier',
      phone: '+998901234567',
      verification_status: 'unverified',
    });
    expect(company.documents.licence).toMatch(/^\/api\/files\/[0-9a-f]{32}\?exp=\d+&sig=/);
    expect(company.documents.registration_certificate).toMatch(/^\/api\/files\//);
    const file = await app.inject({ method: 'GET', url: company.documents.licence! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a bad STIR, a missing field, a wrong file and an oversized one, saving nothing', async () => {
    const user = await createUser(app);
    await myCompany(user.accessToken);
    const before = await myCompany(user.accessToken);
    const rows = await companyRows();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ stir: '12345678' }, 400, 'stir', 'ИНН (СТИР) должен состоять ровно из 9 цифр'],
      [{ stir: '1234567890' }, 400, 'stir', 'ИНН (СТИР) должен состоять ровно из 9 цифр'],
      [{ stir: '12345678a' }, 400, 'stir', 'ИНН (СТИР) должен состоять ровно из 9 цифр'],
      [{ name: '' }, 400, 'name', 'Обязательное поле'],
      [{ director: undefined }, 400, 'director', 'Обязательное поле'],
      [{ kind: 'broker' }, 400, 'kind', 'Должно быть одним из значений списка'],
      [
        { licence: { filename: 'licence.pdf', data: '<html><script>alert(1)</script></html>' } },
        400,
        'licence',
        'Этот тип файла не принимается: только PDF, JPEG, PNG или WebP (с соответствующим расширением)',
      ],
      [
        { registration_certificate: { filename: 'cert.pdf', data: Buffer.alloc(10 * 1024 * 1024 + 10, 0x25) } },
        400,
        'registration_certificate',
        'Файл слишком большой: не более 10 МБ',
      ],
    ];
    for (const [overrides, status, field, text] of cases) {
      const res = await putCompany(app, user.accessToken, companyForm(overrides as never), 'ru');
      expect(res.statusCode, JSON.stringify(Object.keys(overrides))).toBe(status);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
      expect(res.json<ApiErrorBody>().fields[field]).toBe(text);
    }
    expect(await myCompany(user.accessToken)).toEqual({ ...before, documents: expect.any(Object) });
    expect(await companyRows()).toBe(rows);
    expect((await call(undefined, 'GET', apiPaths.companies.mine)).statusCode).toBe(401);
  });

  it('is sent for review only when complete, and only once', async () => {
    const user = await createUser(app);
    const send = () => call(user.accessToken, 'POST', apiPaths.companies.verification);
    expect((await send()).json<ApiErrorBody>().code).toBe('COMPANY_INCOMPLETE');
    await putCompany(app, user.accessToken, companyForm({ registration_certificate: undefined }));
    expect((await send()).json<ApiErrorBody>().code).toBe('COMPANY_INCOMPLETE');
    await putCompany(app, user.accessToken, companyForm({ registration_certificate: pngFile() }));
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Company>().verification_status).toBe('pending');
    expect((await send()).json<ApiErrorBody>()).toMatchObject({ code: 'COMPANY_ALREADY_UNDER_REVIEW' });
  });
});

describe('moderation of companies', () => {
  it('answers 403 MODERATOR_ONLY to anyone else on every call, and 401 without a token', async () => {
    const user = await createUser(app);
    const company = await pendingCompany(app, user.accessToken);
    const calls: [string, string, object?][] = [
      ['GET', apiPaths.admin.companies],
      ['POST', pathTo(apiPaths.admin.verify, { id: company.id })],
      ['POST', pathTo(apiPaths.admin.reject, { id: company.id }), { reason: 'no' }],
      ['POST', pathTo(apiPaths.admin.suspend, { id: company.id }), { reason: 'no' }],
      ['POST', pathTo(apiPaths.admin.unsuspend, { id: company.id })],
      ['GET', apiPaths.admin.reports],
      ['POST', pathTo(apiPaths.admin.resolveReport, { id: 1 })],
      ['POST', apiPaths.admin.moderators, { email: user.email }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(user.accessToken, method as 'GET', url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<ApiErrorBody>().code).toBe('MODERATOR_ONLY');
      expect((await call(undefined, method as 'GET', url, payload)).statusCode).toBe(401);
    }
    expect((await myCompany(user.accessToken)).verification_status).toBe('pending');
  });

  it('verifies a pending company: recorded, told, and its STIR is never verified twice', async () => {
    const user = await createUser(app);
    const form = companyForm();
    const company = await pendingCompany(app, user.accessToken, form);
    const queue = (await call(moderator.accessToken, 'GET', `${apiPaths.admin.companies}?status=pending`)).json<
      Company[]
    >();
    expect(queue.map((c) => c.id)).toContain(company.id);
    expect(queue.find((c) => c.id === company.id)?.documents.licence).toMatch(/^\/api\/files\//);
    const verified = await decide(moderator.accessToken, 'verify', company.id);
    expect(verified.json<Company>()).toMatchObject({
      verification_status: 'verified',
      verified_at: expect.any(String),
    });
    expect(await latestNotice(user.accessToken)).toMatchObject({ kind: 'company_verified' });
    const decisions = await database.db
      .selectFrom('company_decisions')
      .selectAll()
      .where('company_id', '=', company.id)
      .execute();
    expect(decisions.map((d) => [d.action, d.moderator_id])).toEqual([['verify', expect.any(Number)]]);
    expect((await decide(moderator.accessToken, 'verify', company.id)).json<ApiErrorBody>().code).toBe(
      'COMPANY_NOT_PENDING',
    );

    // another company with the same STIR cannot be sent, nor verified if it got in before
    const copycat = await createUser(app);
    await putCompany(app, copycat.accessToken, companyForm({ stir: form.stir }));
    const sent = await call(copycat.accessToken, 'POST', apiPaths.companies.verification);
    expect(sent.statusCode).toBe(409);
    expect(sent.json<ApiErrorBody>().code).toBe('STIR_TAKEN');
    const stirOf = form.stir as string;
    const early = await createUser(app);
    const earlyForm = companyForm();
    const earlyCompany = await pendingCompany(app, early.accessToken, earlyForm);
    const late = await createUser(app);
    const lateCompany = await pendingCompany(app, late.accessToken, companyForm({ stir: earlyForm.stir }));
    expect((await decide(moderator.accessToken, 'verify', earlyCompany.id)).statusCode).toBe(200);
    expect((await decide(moderator.accessToken, 'verify', lateCompany.id)).json<ApiErrorBody>().code).toBe(
      'STIR_TAKEN',
    );
    expect(stirOf).toMatch(/^\d{9}$/);
  });

  it('rejects with a reason the company is told; a reason is required; then it may be corrected and sent again', async () => {
    const user = await createUser(app);
    const company = await pendingCompany(app, user.accessToken);
    expect((await decide(moderator.accessToken, 'reject', company.id, '')).statusCode).toBe(400);
    expect(
      (await call(moderator.accessToken, 'POST', pathTo(apiPaths.admin.reject, { id: company.id }))).statusCode,
    ).toBe(400);
    const rejected = await decide(moderator.accessToken, 'reject', company.id, 'The licence is unreadable');
    expect(rejected.json<Company>()).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'The licence is unreadable',
    });
    expect((await latestNotice(user.accessToken))?.body).toContain('The licence is unreadable');
    expect((await call(user.accessToken, 'POST', apiPaths.companies.verification)).statusCode).toBe(200);
    expect((await decide(moderator.accessToken, 'verify', 99_999_999)).statusCode).toBe(404);
  });

  it('a verified company whose name or STIR changes goes back to review', async () => {
    const user = await verifiedUser();
    const renamed = await putCompany(
      app,
      user.accessToken,
      companyForm({ stir: user.company.stir, name: 'New name MChJ' }),
    );
    expect(renamed.json<Company>().verification_status).toBe('pending');
  });

  it('a verified or pending company that replaces a document goes back to review: told, recorded, its mark gone', async () => {
    const secondModerator = await createUser(app);
    await makeModerator(database, secondModerator.email);
    const download = (link: string | null) => app.inject({ method: 'GET', url: link ?? '/api/files/none' });
    const unreadOf = async (token: string) =>
      (await call(token, 'GET', `${apiPaths.notifications.list}?tab=unread`)).json<Notification[]>();

    for (const [status, kind] of [
      ['verified', 'licence'],
      ['verified', 'registration_certificate'],
      ['pending', 'licence'],
    ] as const) {
      const { accessToken, company } =
        status === 'verified'
          ? await verifiedUser()
          : await (async () => {
              const user = await createUser(app);
              return { ...user, company: await pendingCompany(app, user.accessToken) };
            })();
      const before = await myCompany(accessToken);
      expect(before.verification_status).toBe(status);
      const publicMark = async () =>
        (
          await call(moderator.accessToken, 'GET', pathTo(apiPaths.companies.one, { id: company.id }))
        ).json<PublicCompany>().verified;
      expect(await publicMark()).toBe(status === 'verified');
      const oldLink = before.documents[kind];
      expect((await download(oldLink)).statusCode).toBe(200);
      const unreadBefore = (await unreadOf(secondModerator.accessToken)).length;

      // the same name and STIR, only the one document replaced by other bytes
      const sameDetails = {
        name: before.name,
        stir: before.stir,
        kind: before.kind ?? undefined,
        legal_address: before.legal_address,
        director: before.director,
        phone: before.phone,
      };
      const replacement = kind === 'licence' ? pdfFile('other-licence.pdf', 'Another licence') : pngFile('other.png');
      const saved = await putCompany(app, accessToken, {
        ...sameDetails,
        [kind]: replacement,
        [kind === 'licence' ? 'registration_certificate' : 'licence']: undefined,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = saved.json<Company>();
      expect(after).toMatchObject({ verification_status: 'pending', verified_at: null, verified_by: null });
      // the public mark is gone until a moderator decides
      expect(await publicMark()).toBe(false);
      // the replaced file is never served again; the new one is, and the other document is untouched
      expect((await download(oldLink)).statusCode).toBe(404);
      expect((await download(after.documents[kind])).statusCode).toBe(200);
      const other = kind === 'licence' ? 'registration_certificate' : 'licence';
      expect((await download(after.documents[other])).statusCode).toBe(200);
      // in the moderators' queue, and every moderator is told
      const queue = (await call(moderator.accessToken, 'GET', `${apiPaths.admin.companies}?status=pending`)).json<
        Company[]
      >();
      expect(queue.map((c) => c.id)).toContain(company.id);
      const unread = await unreadOf(secondModerator.accessToken);
      expect(unread).toHaveLength(unreadBefore + 1);
      expect(unread[0]).toMatchObject({ kind: 'company_review_needed', link: '/admin' });
      expect(unread[0]?.body).toContain(before.stir);
      // recorded in the trail, by the company's user
      const entries = await database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'company.back_to_review')
        .where('subject_id', '=', String(company.id))
        .execute();
      expect(entries).toHaveLength(1);
      expect(JSON.parse(entries[0]!.details)).toEqual({ changed: kind, previous_status: status });
      // a moderator decides again
      expect((await decide(moderator.accessToken, 'verify', company.id)).statusCode).toBe(200);
    }
  });

  it('a document replaced twice leaves only the newest file served, and no file row behind', async () => {
    const user = await createUser(app);
    const first = (await putCompany(app, user.accessToken, companyForm())).json<Company>();
    const details = {
      name: first.name,
      stir: first.stir,
      kind: first.kind ?? undefined,
      legal_address: first.legal_address,
      director: first.director,
      phone: first.phone,
    };
    const second = (
      await putCompany(app, user.accessToken, { ...details, licence: pdfFile('second.pdf', 'Second') })
    ).json<Company>();
    const third = (
      await putCompany(app, user.accessToken, { ...details, licence: pdfFile('third.pdf', 'Third') })
    ).json<Company>();
    const statuses = await Promise.all(
      [first, second, third].map(
        async (c) => (await app.inject({ method: 'GET', url: c.documents.licence! })).statusCode,
      ),
    );
    expect(statuses).toEqual([404, 404, 200]);
    // an unverified company stays as it was, with nothing for the moderators
    expect(third.verification_status).toBe('unverified');
    const files = await database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(files.n)).toBe(2);
  });

  it('a suspended company may read but not post, bid or buy now; unsuspended it may again', async () => {
    const owner = await createUser(app);
    const carrier = await verifiedUser();
    const tender = await createTender(app, owner.accessToken, { buy_now_price: 1000 });
    expect((await decide(moderator.accessToken, 'suspend', carrier.company.id)).statusCode).toBe(400);
    const suspended = await decide(moderator.accessToken, 'suspend', carrier.company.id, 'Double brokering');
    expect(suspended.json<Company>()).toMatchObject({ suspended: true, suspension_reason: 'Double brokering' });
    expect((await latestNotice(carrier.accessToken))?.kind).toBe('company_suspended');
    const refusals = [
      await api(app, {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token: carrier.accessToken,
        payload: { ...(await import('./factories/index.js')).buildTenderInput() },
      }),
      await call(carrier.accessToken, 'POST', pathTo(apiPaths.tenders.bids, { id: tender.id }), { bid_amount: 1200 }),
      await call(carrier.accessToken, 'POST', pathTo(apiPaths.tenders.buyNow, { id: tender.id })),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json<ApiErrorBody>().code).toBe('COMPANY_SUSPENDED');
    }
    expect((await call(carrier.accessToken, 'GET', pathTo(apiPaths.tenders.one, { id: tender.id }))).statusCode).toBe(
      200,
    );
    expect(
      (await call(owner.accessToken, 'GET', pathTo(apiPaths.tenders.one, { id: tender.id }))).json<Tender>().bid_count,
    ).toBe(0);
    expect((await decide(moderator.accessToken, 'unsuspend', carrier.company.id)).json<Company>().suspended).toBe(
      false,
    );
    expect(
      (await call(carrier.accessToken, 'POST', pathTo(apiPaths.tenders.bids, { id: tender.id }), { bid_amount: 1200 }))
        .statusCode,
    ).toBe(201);
  });
});

describe('moderators', () => {
  it('make other users moderators in the console; an unknown e-mail is 404', async () => {
    const next = await createUser(app);
    expect((await call(next.accessToken, 'GET', apiPaths.admin.companies)).statusCode).toBe(403);
    const granted = await call(moderator.accessToken, 'POST', apiPaths.admin.moderators, {
      email: ` ${next.email.toUpperCase()} `,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ email: next.email, role: 'moderator' });
    expect((await call(next.accessToken, 'GET', apiPaths.admin.companies)).statusCode).toBe(200);
    expect((await call(next.accessToken, 'GET', apiPaths.users.me)).json<{ role: string }>().role).toBe('moderator');
    const unknown = await call(moderator.accessToken, 'POST', apiPaths.admin.moderators, {
      email: 'nobody@example.uz',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().code).toBe('USER_NOT_FOUND');
    expect((await call(moderator.accessToken, 'POST', apiPaths.admin.moderators, {})).statusCode).toBe(400);
  });
});

describe('a suspended company in the public list', () => {
  it('its open tenders leave the list and its total (its own users still see them), and come back after', async () => {
    const owner = await verifiedUser();
    const viewer = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { name: 'Suspended cargo' });
    const list = async (token: string, query: string) => {
      const res = await call(token, 'GET', `${apiPaths.tenders.all}?${query}`);
      return { ids: res.json<Tender[]>().map((t) => t.id), total: Number(res.headers['x-total-count']) };
    };
    const before = await list(viewer.accessToken, 'status=opened&limit=500');
    expect(before.ids).toContain(tender.id);
    await decide(moderator.accessToken, 'suspend', owner.company.id, 'Double brokering');
    for (const query of ['status=opened&limit=500', 'limit=500', 'q=Suspended', 'type=truck&limit=500']) {
      const after = await list(viewer.accessToken, query);
      expect(after.ids, query).not.toContain(tender.id);
    }
    expect((await list(viewer.accessToken, 'status=opened&limit=500')).total).toBe(before.total - 1);
    expect((await list(owner.accessToken, 'status=opened&limit=500')).ids).toContain(tender.id);
    const mine = await call(owner.accessToken, 'GET', apiPaths.tenders.mine);
    expect(mine.json<Tender[]>().map((t) => t.id)).toContain(tender.id);
    await decide(moderator.accessToken, 'unsuspend', owner.company.id);
    const back = await list(viewer.accessToken, 'status=opened&limit=500');
    expect(back.ids).toContain(tender.id);
    expect(back.total).toBe(before.total);
  });
});

describe('verified-only tenders', () => {
  it('take bids and buy-now only from verified companies (403 COMPANY_NOT_VERIFIED otherwise)', async () => {
    const owner = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { verified_only: true, buy_now_price: 900 });
    expect(tender.verified_only).toBe(true);
    const unverified = await createUser(app);
    const pending = await createUser(app);
    await pendingCompany(app, pending.accessToken);
    for (const who of [unverified, pending]) {
      const bid = await call(who.accessToken, 'POST', pathTo(apiPaths.tenders.bids, { id: tender.id }), {
        bid_amount: 1400,
      });
      expect(bid.statusCode).toBe(403);
      expect(bid.json<ApiErrorBody>().code).toBe('COMPANY_NOT_VERIFIED');
      const buy = await call(who.accessToken, 'POST', pathTo(apiPaths.tenders.buyNow, { id: tender.id }));
      expect(buy.json<ApiErrorBody>().code).toBe('COMPANY_NOT_VERIFIED');
    }
    const verified = await verifiedUser();
    expect(
      (await call(verified.accessToken, 'POST', pathTo(apiPaths.tenders.bids, { id: tender.id }), { bid_amount: 1400 }))
        .statusCode,
    ).toBe(201);
    const list = await call(owner.accessToken, 'GET', `${apiPaths.tenders.all}?id=${tender.id}`);
    expect(list.json<Tender[]>()[0]?.verified_only).toBe(true);
    // the list names each owner's company with its mark
    const verifiedOwner = await verifiedUser();
    const marked = await createTender(app, verifiedOwner.accessToken);
    const rows = (await call(unverified.accessToken, 'GET', `${apiPaths.tenders.all}?limit=500`)).json<Tender[]>();
    expect(rows.find((t) => t.id === marked.id)?.owner_company).toEqual({
      id: verifiedOwner.company.id,
      name: 'Silk Road Logistics MChJ',
      verified: true,
    });
    expect(rows.find((t) => t.id === tender.id)?.owner_company).toBeNull();
  });
});

describe('reports', () => {
  it('are filed about a company or a tender, at most 10 a day, and resolved by moderators', async () => {
    const reporter = await createUser(app);
    const owner = await verifiedUser();
    const tender = await createTender(app, owner.accessToken);
    const file = (payload: object) => call(reporter.accessToken, 'POST', apiPaths.reports.collection, payload);
    const first = await file({
      subject_type: 'company',
      subject_id: owner.company.id,
      reason: 'no_show',
      text: 'Did not come',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Report>()).toMatchObject({ status: 'open', reason: 'no_show', text: 'Did not come' });
    expect((await file({ subject_type: 'tender', subject_id: tender.id, reason: 'spam' })).statusCode).toBe(201);
    expect(
      (await file({ subject_type: 'tender', subject_id: 99_999_999, reason: 'spam' })).json<ApiErrorBody>().code,
    ).toBe('REPORT_SUBJECT_NOT_FOUND');
    expect((await file({ subject_type: 'user', subject_id: 1, reason: 'spam' })).statusCode).toBe(400);
    expect((await file({ subject_type: 'tender', subject_id: tender.id, reason: 'boring' })).statusCode).toBe(400);
    expect((await file({ subject_type: 'tender', subject_id: 'x', reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await file({ subject_type: 'tender', subject_id: tender.id, reason: 'other', text: 'x'.repeat(2001) }))
        .statusCode,
    ).toBe(400);
    for (let i = 0; i < 8; i += 1) {
      expect((await file({ subject_type: 'tender', subject_id: tender.id, reason: 'other' })).statusCode).toBe(201);
    }
    const eleventh = await file({ subject_type: 'tender', subject_id: tender.id, reason: 'other' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json<ApiErrorBody>()).toMatchObject({ code: 'TOO_MANY_REPORTS' });

    const reports = (await call(moderator.accessToken, 'GET', apiPaths.admin.reports)).json<Report[]>();
    const mine = reports.filter(
      (r) => r.reporter_id === reports.find((x) => x.id === first.json<Report>().id)?.reporter_id,
    );
    expect(mine).toHaveLength(10);
    const resolved = await call(
      moderator.accessToken,
      'POST',
      pathTo(apiPaths.admin.resolveReport, { id: first.json<Report>().id }),
    );
    expect(resolved.json<Report>()).toMatchObject({ status: 'resolved', resolved_at: expect.any(String) });
    expect(
      (await call(moderator.accessToken, 'POST', pathTo(apiPaths.admin.resolveReport, { id: 99_999_999 }))).statusCode,
    ).toBe(404);
  });
});

describe('public company profile', () => {
  it('shows who they are and how their deals went; a blank or missing company is 404', async () => {
    const carrier = await verifiedUser();
    const someone = await createUser(app);
    const res = await call(someone.accessToken, 'GET', pathTo(apiPaths.companies.one, { id: carrier.company.id }));
    expect(res.json<PublicCompany>()).toMatchObject({
      id: carrier.company.id,
      name: 'Silk Road Logistics MChJ',
      kind: 'carrier',
      verified: true,
      suspended: false,
      deals_completed: 0,
      no_shows: 0,
    });
    expect(res.body).not.toContain(carrier.company.stir);
    const blank = await myCompany(someone.accessToken);
    expect((await call(carrier.accessToken, 'GET', pathTo(apiPaths.companies.one, { id: blank.id }))).statusCode).toBe(
      404,
    );
    expect(
      (await call(carrier.accessToken, 'GET', pathTo(apiPaths.companies.one, { id: 99_999_999 }))).statusCode,
    ).toBe(404);
    expect((await call(carrier.accessToken, 'GET', '/api/companies/abc')).statusCode).toBe(400);
  });
});

describe('npm run admin -- grant-moderator', () => {
  it('makes an existing user a moderator on the configured database, and says so when there is no such user', async () => {
    const target = await freshConfiguredDatabase();
    const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    try {
      Object.assign(process.env, target.env);
      if (!target.env.DATABASE_URL) delete process.env.DATABASE_URL;
      const database = openDatabase({ url: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? '.' });
      await migrateToLatest(database);
      await database.db
        .insertInto('users')
        .values({
          first_name: 'First',
          last_name: 'Moderator',
          email: 'first.moderator@example.uz',
          phone_number: '+998900000001',
          password_hash: 'x',
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(await runAdminCommand(['grant-moderator', 'First.Moderator@example.uz'])).toMatchObject({ code: 0 });
      const row = await database.db.selectFrom('users').select('role').executeTakeFirstOrThrow();
      expect(row.role).toBe('moderator');
      expect(await runAdminCommand(['grant-moderator', 'nobody@example.uz'])).toMatchObject({ code: 1 });
      expect(await runAdminCommand(['grant-moderator'])).toMatchObject({ code: 2 });
      await database.close();
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await target.drop();
    }
  });
});

/** A database of its own, as the server's configuration names it (DATABASE_URL, or DATA_DIR for SQLite). */
async function freshConfiguredDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (engine === 'postgres' && testDatabaseUrl) {
    const name = `yuk_admin_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      drop: async () => {
        const cleaner = new pg.Client({ connectionString: testDatabaseUrl });
        await cleaner.connect();
        await cleaner.query(`drop database if exists ${name} with (force)`);
        await cleaner.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-admin-'));
  return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe('ratings after delivery', () => {
  /** A tender of `owner` won by `carrier` and carried on the way, then delivered unless told not to. */
  const shipmentOf = (owner: { accessToken: string }, carrier: { accessToken: string }, deliver = true) =>
    createShipment(app, owner, carrier, { status: deliver ? 'delivered' : 'on_the_way' });
  const rate = (token: string, number: string, payload: object) =>
    call(token, 'POST', pathTo(apiPaths.shipments.rating, { number }), payload);
  const ratings = async (token: string, number: string) =>
    (await call(token, 'GET', pathTo(apiPaths.shipments.rating, { number }))).json<ShipmentRatings>();
  const profile = async (token: string, id: number) =>
    (await call(token, 'GET', pathTo(apiPaths.companies.one, { id }))).json<PublicCompany>();

  it('each side rates once after delivery, double-blind until both have; the profiles show the figures', async () => {
    const owner = await verifiedUser();
    const carrier = await verifiedUser();
    const stranger = await createUser(app);
    const early = await shipmentOf(owner, carrier, false);
    expect((await rate(owner.accessToken, early, { score: 5, on_time: true })).json<ApiErrorBody>().code).toBe(
      'RATING_NOT_OPEN',
    );
    const number = await shipmentOf(owner, carrier);
    expect((await rate(stranger.accessToken, number, { score: 5, on_time: true })).statusCode).toBe(404);
    expect((await call(stranger.accessToken, 'GET', pathTo(apiPaths.shipments.rating, { number }))).statusCode).toBe(
      404,
    );
    expect((await rate(owner.accessToken, number, { score: 5 })).json<ApiErrorBody>().fields).toHaveProperty('on_time');
    expect((await rate(carrier.accessToken, number, { score: 4 })).json<ApiErrorBody>().fields).toHaveProperty(
      'payment',
    );
    for (const bad of [
      { score: 0 },
      { score: 6 },
      { score: 4.5 },
      { score: '5' },
      { score: 5, comment: 'x'.repeat(1001) },
    ]) {
      expect((await rate(owner.accessToken, number, { on_time: true, ...bad })).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await rate(carrier.accessToken, number, { score: 4, payment: 'sometimes' })).statusCode).toBe(400);
    expect((await ratings(owner.accessToken, number)).can_rate).toBe(true);

    const first = await rate(owner.accessToken, number, { score: 2, comment: 'Late by two days', on_time: false });
    expect(first.statusCode).toBe(201);
    expect(first.json<ShipmentRatings>()).toMatchObject({
      can_rate: false,
      mine: { score: 2, comment: 'Late by two days', on_time: false, payment: null },
      theirs: null,
      theirs_hidden: false,
    });
    expect((await rate(owner.accessToken, number, { score: 5, on_time: true })).json<ApiErrorBody>().code).toBe(
      'ALREADY_RATED',
    );
    // the carrier cannot see the owner's rating yet, nor can anyone on the profile
    expect(await ratings(carrier.accessToken, number)).toMatchObject({
      can_rate: true,
      theirs: null,
      theirs_hidden: true,
    });
    expect(await profile(stranger.accessToken, carrier.company.id)).toMatchObject({
      rating_count: 0,
      rating_average: null,
    });

    await rate(carrier.accessToken, number, { score: 5, payment: 'on_time', comment: 'Paid the same day' });
    expect((await ratings(carrier.accessToken, number)).theirs).toMatchObject({ score: 2, on_time: false });
    expect((await ratings(owner.accessToken, number)).theirs).toMatchObject({ score: 5, payment: 'on_time' });
    expect(await profile(stranger.accessToken, carrier.company.id)).toMatchObject({
      deals_completed: 1,
      rating_average: 2,
      rating_count: 1,
      on_time_share: 0,
      payment_on_time_share: null,
      reviews: [{ score: 2, comment: 'Late by two days', from: 'Silk Road Logistics MChJ' }],
    });
    expect(await profile(stranger.accessToken, owner.company.id)).toMatchObject({
      rating_average: 5,
      payment_on_time_share: 1,
    });

    // before the next award the owner sees who is behind a bid
    const next = await createTender(app, owner.accessToken);
    await call(carrier.accessToken, 'POST', pathTo(apiPaths.tenders.bids, { id: next.id }), { bid_amount: 1400 });
    const bids = (await call(owner.accessToken, 'GET', pathTo(apiPaths.tenders.bids, { id: next.id }))).json<
      TenderBid[]
    >();
    expect(bids[0]?.bidder).toMatchObject({
      company: { id: carrier.company.id, verified: true },
      rating_average: 2,
      recent_no_show: false,
    });
  });

  it('shows one side’s rating after 14 days even if the other never rated; closes rating after 30 days', async () => {
    const owner = await verifiedUser();
    const carrier = await verifiedUser();
    const number = await shipmentOf(owner, carrier);
    await rate(owner.accessToken, number, { score: 4, on_time: true });
    const ctx = { db: database.db };
    const in15Days = () => new Date(Date.now() + 15 * 24 * 60 * 60_000);
    expect(await getShipmentRatings({ ...ctx, now: in15Days }, carrierUserId(carrier), number)).toMatchObject({
      theirs: { score: 4 },
      theirs_hidden: false,
    });
    // the profile counts it when the blind days' due action runs
    expect((await ratingFigures(database.db, carrierUserId(carrier))).count).toBe(0);
    await runSchedule(database, in15Days);
    expect((await ratingFigures(database.db, carrierUserId(carrier))).count).toBe(1);
    const in31Days = () => new Date(Date.now() + 31 * 24 * 60 * 60_000);
    await expect(
      rateShipment({ ...ctx, now: in31Days }, carrierUserId(carrier), number, {
        score: 5,
        comment: null,
        payment: 'on_time',
      }),
    ).rejects.toMatchObject({ code: 'RATING_CLOSED' });
  });
});

function carrierUserId(user: { user: { id: number } }): number {
  return user.user.id;
}

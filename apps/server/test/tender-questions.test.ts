import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, QUESTION_TEXT_MAX, type Notification, type Report, type TenderQuestion } from '@yuk/shared';
import { api, buildTestApp, openEventStream, type ApiErrorBody } from './helpers.js';
import { createShipment, createTender, createUser, makeModerator } from './factories/index.js';

const { app, database } = await buildTestApp();

const owner = await createUser(app, { first_name: 'Dilnoza', last_name: 'Yusupova' });
const asker = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov' });
const otherCarrier = await createUser(app);
const bidder = await createUser(app);
const moderator = await createUser(app);
await makeModerator(database, moderator.email);

const questionsUrl = (id: number) => pathTo(apiPaths.tenders.questions, { id });
const answerUrl = (id: number, qid: number) => pathTo(apiPaths.tenders.answer, { id, qid });

const ask = (token: string | undefined, tenderId: number, payload: unknown = { text: 'Is a reefer needed?' }) =>
  api(app, {
    method: 'POST',
    url: questionsUrl(tenderId),
    ...(token ? { token } : {}),
    payload: payload as object,
  });
const answer = (token: string | undefined, tenderId: number, qid: number, payload: unknown = { text: 'No, tented.' }) =>
  api(app, {
    method: 'POST',
    url: answerUrl(tenderId, qid),
    ...(token ? { token } : {}),
    payload: payload as object,
  });
async function list(token: string, tenderId: number): Promise<TenderQuestion[]> {
  const res = await api(app, { method: 'GET', url: questionsUrl(tenderId), token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TenderQuestion[]>();
}
async function notificationsOf(token: string): Promise<Notification[]> {
  return (await api(app, { method: 'GET', url: apiPaths.notifications.list, token })).json<Notification[]>();
}

describe('asking and answering', () => {
  it('a carrier asks, the owner answers, and each sees what is theirs to see', async () => {
    const tender = await createTender(app, owner.accessToken);
    const bid = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: bidder.accessToken,
      payload: { bid_amount: 900 },
    });
    expect(bid.statusCode, bid.body).toBe(201);

    const asked = await ask(asker.accessToken, tender.id, { text: '  Can it wait a day?\n<b>Thanks</b>  ' });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = asked.json<TenderQuestion>();
    // stored as typed (trimmed), never turned into markup
    expect(question).toMatchObject({
      text: 'Can it wait a day?\n<b>Thanks</b>',
      mine: true,
      asker_name: 'Aziz Rahimov',
      answer: null,
      hidden: false,
    });

    // unanswered: the owner and the asker see it, another carrier does not
    expect((await list(owner.accessToken, tender.id)).map((q) => [q.id, q.asker_name, q.mine])).toEqual([
      [question.id, 'Aziz Rahimov', false],
    ]);
    expect((await list(asker.accessToken, tender.id)).map((q) => q.id)).toEqual([question.id]);
    expect(await list(otherCarrier.accessToken, tender.id)).toEqual([]);
    // nor can another carrier answer or learn of it
    const probe = await answer(otherCarrier.accessToken, tender.id, question.id);
    expect(probe.statusCode).toBe(404);
    expect(probe.json<ApiErrorBody>().code).toBe('QUESTION_NOT_FOUND');

    // the owner was told
    const ownerNews = await notificationsOf(owner.accessToken);
    expect(ownerNews.find((n) => n.kind === 'question_asked')?.body).toContain('Can it wait a day?');

    const answered = await answer(owner.accessToken, tender.id, question.id, { text: 'Yes, a day is fine.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<TenderQuestion>().answer?.text).toBe('Yes, a day is fine.');

    // answered: everyone who can see the tender reads it, without the asker's name
    const seen = await list(otherCarrier.accessToken, tender.id);
    expect(seen).toEqual([
      expect.objectContaining({
        id: question.id,
        text: 'Can it wait a day?\n<b>Thanks</b>',
        asker_name: null,
        mine: false,
        answer: expect.objectContaining({ text: 'Yes, a day is fine.' }),
      }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('Rahimov');

    // the asker and every bidder are told; the owner is not told of their own answer
    for (const user of [asker, bidder]) {
      const news = await notificationsOf(user.accessToken);
      expect(news.find((n) => n.kind === 'question_answered')?.body).toContain('Yes, a day is fine.');
    }
    expect((await notificationsOf(owner.accessToken)).some((n) => n.kind === 'question_answered')).toBe(false);
    expect((await notificationsOf(otherCarrier.accessToken)).some((n) => n.kind === 'question_answered')).toBe(false);

    // once
    const again = await answer(owner.accessToken, tender.id, question.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().code).toBe('QUESTION_ALREADY_ANSWERED');
  });

  it('refuses the owner asking, others answering, closed and awarded tenders, and drafts', async () => {
    const tender = await createTender(app, owner.accessToken);
    const own = await ask(owner.accessToken, tender.id);
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiErrorBody>().code).toBe('QUESTION_OWN_TENDER');

    const question = (await ask(asker.accessToken, tender.id)).json<TenderQuestion>();
    const byAsker = await answer(asker.accessToken, tender.id, question.id);
    expect(byAsker.statusCode).toBe(403);
    expect(byAsker.json<ApiErrorBody>().code).toBe('QUESTION_OWNER_ONLY');
    // a question of another tender is not this tender's
    const elsewhere = await createTender(app, owner.accessToken);
    expect((await answer(owner.accessToken, elsewhere.id, question.id)).statusCode).toBe(404);

    const closed = await createTender(app, owner.accessToken);
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.close, { id: closed.id }),
      token: owner.accessToken,
    });
    const onClosed = await ask(asker.accessToken, closed.id);
    expect(onClosed.statusCode).toBe(409);
    expect(onClosed.json<ApiErrorBody>().code).toBe('TENDER_NOT_OPEN');

    const number = await createShipment(app, owner, bidder);
    const awarded = await database.db
      .selectFrom('tenders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const onAwarded = await ask(asker.accessToken, awarded.id);
    expect(onAwarded.statusCode).toBe(409);
    expect(onAwarded.json<ApiErrorBody>().code).toBe('TENDER_NOT_OPEN');

    const draft = await createTender(app, owner.accessToken, { status: 'draft' });
    expect((await ask(asker.accessToken, draft.id)).statusCode).toBe(404);
    expect((await api(app, { method: 'GET', url: questionsUrl(draft.id), token: asker.accessToken })).statusCode).toBe(
      404,
    );
  });

  it('refuses no token, wrong types, empty and huge texts and ids', async () => {
    const tender = await createTender(app, owner.accessToken);
    expect((await ask(undefined, tender.id)).statusCode).toBe(401);
    expect((await api(app, { method: 'GET', url: questionsUrl(tender.id) })).statusCode).toBe(401);
    expect((await answer(undefined, tender.id, 1)).statusCode).toBe(401);
    for (const payload of [
      {},
      { text: 42 },
      { text: '   ' },
      { text: 'x'.repeat(QUESTION_TEXT_MAX + 1) },
      { text: 'bell\u0007' },
      [],
    ]) {
      const res = await ask(asker.accessToken, tender.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    expect((await ask(asker.accessToken, tender.id, { text: 'x'.repeat(QUESTION_TEXT_MAX) })).statusCode).toBe(201);
    for (const url of [
      '/api/tenders/abc/questions',
      '/api/tenders/99999999999/questions',
      `/api/tenders/${tender.id}/questions/0/answer`,
      `/api/tenders/${tender.id}/questions/1e3/answer`,
    ]) {
      const res = await api(app, { method: 'POST', url, token: owner.accessToken, payload: { text: 'x' } });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await ask(asker.accessToken, 2_000_000_000)).statusCode).toBe(404);
    expect((await answer(owner.accessToken, tender.id, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('live', () => {
  it('tells the open pages of the tender that its questions changed', async () => {
    const tender = await createTender(app, owner.accessToken);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(
      address,
      pathTo(apiPaths.tenders.events, { id: tender.id }),
      otherCarrier.accessToken,
    );
    await stream.until('event: state');
    const question = (await ask(asker.accessToken, tender.id)).json<TenderQuestion>();
    // the event says only that something changed: the page reads what it may see
    const text = await stream.until('event: questions');
    expect(text).toContain(`data: {"id":${question.id}}`);
    expect(text).not.toContain('reefer');
    stream.close();
  });
});

describe('reports and hiding', () => {
  it('a reported question is hidden by a moderator, kept in the audit trail', async () => {
    const tender = await createTender(app, owner.accessToken);
    const question = (
      await ask(asker.accessToken, tender.id, { text: 'Call me at spam.example' })
    ).json<TenderQuestion>();
    await answer(owner.accessToken, tender.id, question.id, { text: 'No.' });

    // someone who cannot read an unanswered question cannot report it either
    const hiddenFromThem = (await ask(asker.accessToken, tender.id, { text: 'Unanswered' })).json<TenderQuestion>();
    const blind = await api(app, {
      method: 'POST',
      url: apiPaths.reports.collection,
      token: otherCarrier.accessToken,
      payload: { subject_type: 'tender_question', subject_id: hiddenFromThem.id, reason: 'spam' },
    });
    expect(blind.statusCode).toBe(404);
    expect(blind.json<ApiErrorBody>().code).toBe('REPORT_SUBJECT_NOT_FOUND');

    const filed = await api(app, {
      method: 'POST',
      url: apiPaths.reports.collection,
      token: otherCarrier.accessToken,
      payload: { subject_type: 'tender_question', subject_id: question.id, reason: 'spam', text: 'An advert' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json<Report>();

    const hideUrl = pathTo(apiPaths.admin.hideReportSubject, { id: report.id });
    const notModerator = await api(app, { method: 'POST', url: hideUrl, token: owner.accessToken });
    expect(notModerator.statusCode).toBe(403);
    expect((await api(app, { method: 'POST', url: hideUrl })).statusCode).toBe(401);
    const hidden = await api(app, { method: 'POST', url: hideUrl, token: moderator.accessToken });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<Report>().status).toBe('resolved');

    const seen = (await list(otherCarrier.accessToken, tender.id)).find((q) => q.id === question.id);
    expect(seen).toMatchObject({ hidden: true, text: null, answer: { text: null } });
    expect((await answer(owner.accessToken, tender.id, hiddenFromThem.id)).statusCode).toBe(200);

    const trail = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('action', '=', 'report.subject_hidden')
      .execute();
    expect(trail).toEqual([
      expect.objectContaining({
        actor_user_id: moderator.user.id,
        details: expect.stringContaining(`tender_question:${question.id}`),
      }),
    ]);

    // a report about a tender has nothing to hide
    const aboutTender = (
      await api(app, {
        method: 'POST',
        url: apiPaths.reports.collection,
        token: otherCarrier.accessToken,
        payload: { subject_type: 'tender', subject_id: tender.id, reason: 'spam' },
      })
    ).json<Report>();
    const refused = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.admin.hideReportSubject, { id: aboutTender.id }),
      token: moderator.accessToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().code).toBe('REPORT_NOT_HIDEABLE');
  });
});

import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  MAX_SAVED_SEARCHES,
  pathTo,
  type Notification,
  type SavedSearch,
  type SavedSearchInput,
  type Tender,
} from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createTender, createUser, runSchedule } from './factories/index.js';

const { app, database } = await buildTestApp();

const save = (token: string | undefined, payload: unknown, lang?: string) =>
  api(app, {
    method: 'POST',
    url: apiPaths.savedSearches.collection,
    ...(token ? { token } : {}),
    payload: payload as object,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const saveOk = async (token: string, payload: SavedSearchInput) => {
  const res = await save(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedSearch>();
};
const matched = async (token: string) =>
  (await api(app, { method: 'GET', url: apiPaths.notifications.list, token, headers: { 'accept-language': 'en' } }))
    .json<Notification[]>()
    .filter((note) => note.kind === 'tender_matched');

describe('saved searches: the calls', () => {
  it('saves, lists newest first and deletes my searches; defaults stand for "any"', async () => {
    const me = await createUser(app);
    const lane = await saveOk(me.accessToken, {
      name: '  Toshkent → Almaty  ',
      origin: 'Toshkent',
      destination: 'Almaty',
      modes: ['truck', 'truck', 'labo'],
      max_weight: 20000,
      min_price: 500,
    });
    expect(lane).toMatchObject({
      name: 'Toshkent → Almaty',
      origin: 'Toshkent',
      destination: 'Almaty',
      modes: ['truck', 'labo'],
      max_weight: 20000,
      min_price: 500,
    });
    const anything = await saveOk(me.accessToken, { name: 'Anything' });
    expect(anything).toMatchObject({ origin: '', destination: '', modes: [], max_weight: null, min_price: null });
    const list = await api(app, { method: 'GET', url: apiPaths.savedSearches.collection, token: me.accessToken });
    expect(list.json<SavedSearch[]>().map((s) => s.id)).toEqual([anything.id, lane.id]);

    const removed = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.savedSearches.one, { id: lane.id }),
      token: me.accessToken,
    });
    expect(removed.statusCode).toBe(204);
    const again = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.savedSearches.one, { id: lane.id }),
      token: me.accessToken,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses someone else's search, no token, wrong types and huge values, and keeps nothing of them", async () => {
    const [me, other] = [await createUser(app), await createUser(app)];
    const mine = await saveOk(me.accessToken, { name: 'Mine' });
    const theirs = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.savedSearches.one, { id: mine.id }),
      token: other.accessToken,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await save(undefined, { name: 'x' })).statusCode).toBe(401);

    const bad = await save(
      me.accessToken,
      {
        name: '',
        origin: 42,
        modes: ['rocket'],
        max_weight: -1,
        min_price: 'lots',
        owner_id: other.accessToken,
      },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    const body = bad.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual(
      ['max_weight', 'min_price', 'modes.0', 'name', 'origin', 'owner_id'].sort(),
    );
    const huge = await save(me.accessToken, {
      name: 'x'.repeat(81),
      origin: 'y'.repeat(101),
      max_weight: 1e15,
      min_price: 1e12,
    });
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json<ApiErrorBody>().fields).sort()).toEqual(['max_weight', 'min_price', 'name', 'origin']);
    const id = await api(app, {
      method: 'DELETE',
      url: `${apiPaths.savedSearches.collection}/99999999999999`,
      token: me.accessToken,
    });
    expect(id.statusCode).toBe(400);
    const list = await api(app, { method: 'GET', url: apiPaths.savedSearches.collection, token: me.accessToken });
    expect(list.json<SavedSearch[]>()).toHaveLength(1);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user (409 SAVED_SEARCHES_LIMIT, in the reader's language)`, async () => {
    const me = await createUser(app);
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 1) await saveOk(me.accessToken, { name: `Lane ${i}` });
    const over = await save(me.accessToken, { name: 'One too many' }, 'ru');
    expect(over.statusCode).toBe(409);
    expect(over.json<ApiErrorBody>()).toMatchObject({
      code: 'SAVED_SEARCHES_LIMIT',
      error: 'Можно сохранить не более 20 поисков. Сначала удалите один',
    });
    // someone else's limit is their own
    const other = await createUser(app);
    await saveOk(other.accessToken, { name: 'First' });
  });
});

describe('saved searches: a tender opening tells the matching ones', () => {
  it('tells each matching user once, across spellings and scripts, never the owner or a non-match', async () => {
    const owner = await createUser(app);
    const [latin, cyrillic, anyLane, twice, tooLight, tooCheap, shipOnly, otherLane] = await Promise.all(
      Array.from({ length: 8 }, () => createUser(app)),
    );
    await saveOk(latin!.accessToken, { name: 'Toshkent–Olmaota', origin: 'Toshkent', destination: 'Olmaota' });
    await saveOk(cyrillic!.accessToken, { name: 'Ташкент', origin: 'Ташкент', modes: ['truck'] });
    await saveOk(anyLane!.accessToken, { name: 'Any load' });
    await saveOk(twice!.accessToken, { name: 'First of two', destination: 'Алматы' });
    await saveOk(twice!.accessToken, { name: 'Second of two', origin: 'Tashkent' });
    await saveOk(tooLight!.accessToken, { name: 'Small van', origin: 'Tashkent', max_weight: 1000 });
    await saveOk(tooCheap!.accessToken, { name: 'Only big money', min_price: 5000 });
    await saveOk(shipOnly!.accessToken, { name: 'Ships', origin: 'Tashkent', modes: ['ship'] });
    await saveOk(otherLane!.accessToken, { name: 'Samarqand', origin: 'Samarkand' });
    await saveOk(owner.accessToken, { name: 'My own lane', origin: 'Tashkent' });

    const tender = await createTender(app, owner.accessToken, {
      name: 'Paxta',
      cargo_type: 'Truck - tented',
      origin_location: 'Tashkent, Uzbekistan',
      destination_location: 'Almaty',
      cargo_weight: 20000,
      initial_price: 1500,
    });
    // nobody is told before the schedule runs (it runs within a tick of the opening)
    expect(await matched(latin!.accessToken)).toEqual([]);
    await runSchedule(database);

    for (const user of [latin, cyrillic, anyLane]) expect(await matched(user!.accessToken)).toHaveLength(1);
    const [note] = await matched(latin!.accessToken);
    expect(note).toMatchObject({
      type: 'offer',
      title: 'A new tender matches your search: Toshkent–Olmaota',
      body: `${tender.number} “Paxta”: Tashkent, Uzbekistan → Almaty, 1,500 USD`,
      link: `/tender/${tender.id}`,
    });
    const both = await matched(twice!.accessToken);
    expect(both).toHaveLength(1);
    expect(both[0]?.title).toContain('First of two');
    for (const user of [tooLight, tooCheap, shipOnly, otherLane, owner]) {
      expect(await matched(user!.accessToken)).toEqual([]);
    }
    // the schedule does it once
    await runSchedule(database);
    expect(await matched(latin!.accessToken)).toHaveLength(1);
  });

  it('a draft tells nobody until it is published', async () => {
    const [owner, carrier] = [await createUser(app), await createUser(app)];
    await saveOk(carrier.accessToken, { name: 'Bukhara loads', origin: 'Buxoro' });
    const draft = await createTender(app, owner.accessToken, { status: 'draft', origin_location: 'Bukhara' });
    await runSchedule(database);
    expect(await matched(carrier.accessToken)).toEqual([]);
    const published = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.publish, { id: draft.id }),
      token: owner.accessToken,
    });
    expect(published.statusCode).toBe(200);
    await runSchedule(database);
    expect((await matched(carrier.accessToken)).map((n) => n.link)).toEqual([`/tender/${draft.id}`]);
  });
});

describe('the tender list search reads cities through the same table', () => {
  it('finds a tender from Qarshi to Termez under their other spellings and scripts', async () => {
    const owner = await createUser(app);
    const tender = await createTender(app, owner.accessToken, {
      name: 'Cement for the alias search',
      origin_location: 'Qarshi',
      destination_location: 'Termez',
    });
    for (const q of ['Карши', 'karshi', 'Qarshi', 'Термиз', 'termiz']) {
      const res = await api(app, {
        method: 'GET',
        url: `${apiPaths.tenders.all}?q=${encodeURIComponent(q)}`,
        token: owner.accessToken,
      });
      expect(
        res.json<Tender[]>().map((t) => t.id),
        q,
      ).toContain(tender.id);
    }
  });
});

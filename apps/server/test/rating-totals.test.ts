import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RATING_BLIND_DAYS, apiPaths, pathTo, type RatingValues, type TenderBid } from '@yuk/shared';
import type { Db } from '../src/db/database.js';
import { engineOf } from '../src/db/database.js';
import { dueAtOf, scheduleDue } from '../src/db/due-actions.js';
import { migrations } from '../src/db/migrations/index.js';
import { companiesOfUsers } from '../src/modules/companies/index.js';
import { ratingFigures, standingOfUsers, visibleRatings } from '../src/modules/ratings/index.js';
import { noShowCountsQuery } from '../src/modules/ratings/ratings.repository.js';
import { rateShipment } from '../src/modules/ratings/ratings.service.js';
import {
  createShipment,
  createTender,
  putCompany,
  quickUsers,
  runSchedule,
  type QuickUser,
} from './factories/index.js';
import { api, buildTestApp, migrateTestDatabase, planOnLargeTable } from './helpers.js';

const { app, database } = await buildTestApp();
const db = database.db;

const DAY_MS = 24 * 60 * 60_000;

/** This file's database's migrator: to go back to an earlier version and up again, as an upgrade would. */
const testMigrator = () =>
  new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([name, factory]) => [name, factory(engineOf(db))])),
    },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });

const at = (ms: number) => () => new Date(ms);

/** A delivered shipment of `owner` carried by `carrier`: its number and id. */
async function delivered(owner: QuickUser, carrier: QuickUser) {
  const number = await createShipment(app, owner, carrier, { status: 'delivered' });
  const row = await db.selectFrom('shipments').select('id').where('number', '=', number).executeTakeFirstOrThrow();
  return { number, id: row.id };
}

/** Moves a shipment's delivery to `ms` (time passed since, or the delivery is recent at a later clock). */
async function deliveredAt(shipmentId: number, ms: number) {
  await db
    .updateTable('shipments')
    .set({ delivered_at: new Date(ms).toISOString() })
    .where('id', '=', shipmentId)
    .execute();
}

const ownerRating = (score: number, onTime: boolean, comment: string | null = null): RatingValues => ({
  score,
  comment,
  on_time: onTime,
});
const carrierRating = (
  score: number,
  payment: 'on_time' | 'late' | 'unpaid',
  comment: string | null = null,
): RatingValues => ({
  score,
  comment,
  payment,
});

/** Rates through the API, at the real time (the API takes no comment as an absent one). */
async function rateNow(user: QuickUser, number: string, { comment, ...values }: RatingValues) {
  const response = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.rating, { number }),
    token: user.accessToken,
    payload: comment === null ? values : { comment, ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Rates through the service at the clock `nowMs`. */
const rateAt = (nowMs: number, user: QuickUser, number: string, values: RatingValues) =>
  rateShipment({ db, now: at(nowMs) }, user.user.id, number, values);

const totalsOf = (userId: number) =>
  db.selectFrom('rating_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();

/**
 * The figures as they were computed before the totals were kept: every visible rating of the user read at
 * `nowMs` (visibleRatings is the rule itself), summed here.
 */
async function referenceFigures(database: Db, userId: number, nowMs: number) {
  const blindSince = new Date(nowMs - RATING_BLIND_DAYS * DAY_MS).toISOString();
  const rows = await visibleRatings(database, blindSince)
    .innerJoin('users as u', 'u.id', 'r.rater_id')
    .leftJoin('companies as c', 'c.user_id', 'r.rater_id')
    .select([
      'r.score',
      'r.comment',
      'r.payment',
      'r.on_time',
      'r.rater_role',
      'r.created_at',
      'c.name as company_name',
      'u.first_name',
      'u.last_name',
    ])
    .where('r.ratee_id', '=', userId)
    .orderBy('r.id', 'desc')
    .execute();
  const share = (values: boolean[]) =>
    values.length === 0 ? null : Math.round((values.filter(Boolean).length / values.length) * 100) / 100;
  const total = rows.reduce((sum, row) => sum + row.score, 0);
  return {
    average: rows.length === 0 ? null : Math.round((total / rows.length) * 10) / 10,
    count: rows.length,
    onTimeShare: share(rows.filter((row) => row.rater_role === 'owner').map((row) => row.on_time === 1)),
    paymentOnTimeShare: share(
      rows.filter((row) => row.rater_role === 'carrier').map((row) => row.payment === 'on_time'),
    ),
    reviews: rows.slice(0, 5).map((row) => ({
      score: row.score,
      comment: row.comment,
      created_at: row.created_at,
      from: row.company_name || `${row.first_name} ${row.last_name}`.trim(),
    })),
  };
}

/** The figures of the totals equal the old computation's at `nowMs`, for each user, on the profile and the bid list. */
async function expectSameAsBefore(userIds: number[], nowMs: number) {
  const standing = await standingOfUsers(db, userIds, 30, new Date(nowMs));
  for (const userId of userIds) {
    const reference = await referenceFigures(db, userId, nowMs);
    expect(await ratingFigures(db, userId), `user ${userId}`).toEqual(reference);
    expect(standing.get(userId)?.rating, `user ${userId}`).toBe(reference.average);
  }
}

describe('rating totals', () => {
  it('counts both ratings when the other side rates, and the due action then finds nothing to count', async () => {
    const [owner, carrier] = await quickUsers(database, 2);
    const shipment = await delivered(owner!, carrier!);
    await rateNow(owner!, shipment.number, ownerRating(4, true));
    // blind: nothing counted, the end of the blind days scheduled
    expect(await totalsOf(carrier!.user.id)).toBeUndefined();
    const due = await dueAtOf(db, 'rating_visible', shipment.id);
    const row = await db
      .selectFrom('shipments')
      .select('delivered_at')
      .where('id', '=', shipment.id)
      .executeTakeFirstOrThrow();
    expect(due?.dueAtMs).toBe(Date.parse(row.delivered_at!) + RATING_BLIND_DAYS * DAY_MS);

    await rateNow(carrier!, shipment.number, carrierRating(5, 'late'));
    expect(await totalsOf(carrier!.user.id)).toMatchObject({
      score_total: 4,
      rating_count: 1,
      on_time_count: 1,
      on_time_of: 1,
      payment_of: 0,
    });
    expect(await totalsOf(owner!.user.id)).toMatchObject({
      score_total: 5,
      rating_count: 1,
      on_time_of: 0,
      payment_on_time_count: 0,
      payment_of: 1,
    });
    expect(await dueAtOf(db, 'rating_visible', shipment.id)).toBeUndefined();

    // the blind days' action comes anyway (it was claimed as the carrier rated): nothing is counted twice
    await scheduleDue(db, 'rating_visible', shipment.id, due!.dueAtMs);
    expect(await runSchedule(database, at(due!.dueAtMs + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 4, rating_count: 1 });
    expect(await totalsOf(owner!.user.id)).toMatchObject({ score_total: 5, rating_count: 1 });
  });

  it('counts a one-sided rating when the blind days pass, once, and the other side’s later rating alone', async () => {
    const [owner, carrier] = await quickUsers(database, 2);
    const shipment = await delivered(owner!, carrier!);
    await rateNow(owner!, shipment.number, ownerRating(3, false, 'Late'));
    await runSchedule(database);
    expect((await ratingFigures(db, carrier!.user.id)).count).toBe(0);

    const after = Date.now() + RATING_BLIND_DAYS * DAY_MS + 60_000;
    await runSchedule(database, at(after));
    expect(await ratingFigures(db, carrier!.user.id)).toMatchObject({
      average: 3,
      count: 1,
      onTimeShare: 0,
      reviews: [{ score: 3, comment: 'Late' }],
    });
    await runSchedule(database, at(after + DAY_MS));
    await scheduleDue(db, 'rating_visible', shipment.id, after);
    await runSchedule(database, at(after + DAY_MS));
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 3, rating_count: 1 });

    // the carrier rates after the blind days (within the window): counted at once, the owner's not again
    await rateAt(after + DAY_MS, carrier!, shipment.number, carrierRating(5, 'on_time'));
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 3, rating_count: 1 });
    expect(await totalsOf(owner!.user.id)).toMatchObject({ score_total: 5, rating_count: 1, payment_on_time_count: 1 });
    expect(await dueAtOf(db, 'rating_visible', shipment.id)).toBeUndefined();
  });

  it('counts both when the two sides rate at the same moment', async () => {
    const [owner, carrier] = await quickUsers(database, 2);
    const shipments = [await delivered(owner!, carrier!), await delivered(owner!, carrier!)];
    await Promise.all(
      shipments.flatMap(({ number }) => [
        rateNow(owner!, number, ownerRating(4, true)),
        rateNow(carrier!, number, carrierRating(2, 'unpaid')),
      ]),
    );
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 8, rating_count: 2, on_time_count: 2 });
    expect(await totalsOf(owner!.user.id)).toMatchObject({ score_total: 4, rating_count: 2, payment_of: 2 });
  });

  it('gives the figures the old computation gave, at each time, on the profile and the bid list', async () => {
    const [ownerA, ownerB, carrierA, carrierB, carrierC] = await quickUsers(database, 5);
    const users = [ownerA!, ownerB!, carrierA!, carrierB!, carrierC!];
    const now = Date.now();
    const later = now + (RATING_BLIND_DAYS + 1) * DAY_MS;
    const pairs: [QuickUser, QuickUser][] = [
      [ownerA!, carrierA!],
      [ownerA!, carrierB!],
      [ownerB!, carrierA!],
      [ownerB!, carrierC!],
    ];
    const atLater: (() => Promise<unknown>)[] = [];
    let k = 0;
    for (const [owner, carrier] of pairs) {
      for (let j = 0; j < 3; j += 1, k += 1) {
        const score = 1 + (k % 5);
        const payment = (['on_time', 'late', 'unpaid'] as const)[k % 3]!;
        const comment = k % 2 === 0 ? `Deal ${k}` : null;
        // both sides now
        const both = await delivered(owner, carrier);
        await rateNow(owner, both.number, ownerRating(score, k % 2 === 0, comment));
        await rateNow(carrier, both.number, carrierRating(6 - score, payment, comment));
        // one side now, visible once the blind days pass at `later`
        const ownerOnly = await delivered(owner, carrier);
        await rateNow(owner, ownerOnly.number, ownerRating(score, k % 3 === 0));
        const carrierOnly = await delivered(owner, carrier);
        await rateNow(carrier, carrierOnly.number, carrierRating(score, payment));
        // delivered a day before `later` and rated by one side then: still blind at `later`
        const recent = await delivered(owner, carrier);
        await deliveredAt(recent.id, later - DAY_MS);
        atLater.push(() =>
          j === 1
            ? rateAt(later, carrier, recent.number, carrierRating(score, 'late'))
            : rateAt(later, owner, recent.number, ownerRating(score, true)),
        );
        // delivered now, rated by one side at `later`, past the blind days: visible at once
        if (j === 2) {
          const late = await delivered(owner, carrier);
          atLater.push(() => rateAt(later, owner, late.number, ownerRating(5 - (k % 5), false, 'After two weeks')));
        }
      }
    }
    const ids = users.map((user) => user.user.id);
    await runSchedule(database, at(now));
    await expectSameAsBefore(ids, now);
    for (const rate of atLater) await rate();
    await runSchedule(database, at(later));
    await expectSameAsBefore(ids, later);
    expect((await ratingFigures(db, carrierA!.user.id)).count).toBeGreaterThan(5);

    // the owner's bid list shows the same average
    const tender = await createTender(app, ownerA!.accessToken);
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: carrierA!.accessToken,
      payload: { bid_amount: 1400 },
    });
    const bids = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: ownerA!.accessToken,
    });
    expect(bids.json<TenderBid[]>()[0]?.bidder.rating_average).toBe(
      (await referenceFigures(db, carrierA!.user.id, later)).average,
    );
  });

  it('counts the ratings an existing database holds when it is upgraded, and schedules the blind ones', async () => {
    const [owner, carrier] = await quickUsers(database, 2);
    const both = await delivered(owner!, carrier!);
    await rateNow(owner!, both.number, ownerRating(2, false));
    await rateNow(carrier!, both.number, carrierRating(4, 'on_time'));
    const blind = await delivered(owner!, carrier!);
    await rateNow(owner!, blind.number, ownerRating(5, true));
    const old = await delivered(owner!, carrier!);
    await rateNow(carrier!, old.number, carrierRating(1, 'unpaid'));
    // delivered 20 days ago: this one-sided rating is visible now
    await deliveredAt(old.id, Date.now() - 20 * DAY_MS);
    const blindDelivery = await db
      .selectFrom('shipments')
      .select('delivered_at')
      .where('id', '=', blind.id)
      .executeTakeFirstOrThrow();

    // back to the version before the totals, and up again
    const migrator = testMigrator();
    expect((await migrator.migrateTo('080-owner-drafts-index')).error).toBeUndefined();
    await migrateTestDatabase(database);

    const now = Date.now();
    await expectSameAsBefore([owner!.user.id, carrier!.user.id], now);
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 2, rating_count: 1 });
    expect(await totalsOf(owner!.user.id)).toMatchObject({ score_total: 5, rating_count: 2, payment_of: 2 });
    expect((await dueAtOf(db, 'rating_visible', blind.id))?.dueAtMs).toBe(
      Date.parse(blindDelivery.delivered_at!) + RATING_BLIND_DAYS * DAY_MS,
    );
    const later = now + (RATING_BLIND_DAYS + 1) * DAY_MS;
    await runSchedule(database, at(later));
    await expectSameAsBefore([owner!.user.id, carrier!.user.id], later);
    expect(await totalsOf(carrier!.user.id)).toMatchObject({ score_total: 7, rating_count: 2 });
  });

  it('reads the standing and companies of more bidders than an engine takes parameters, in one read each', async () => {
    const [owner, carrier, absent] = await quickUsers(database, 3);
    const shipment = await delivered(owner!, carrier!);
    await rateNow(owner!, shipment.number, ownerRating(3, true));
    await rateNow(carrier!, shipment.number, carrierRating(5, 'on_time'));
    expect((await putCompany(app, carrier!.accessToken)).statusCode).toBe(200);
    // another carrier's award went unanswered a day ago, as the confirmation deadline leaves it
    await createShipment(app, owner!, absent!);
    const award = await db
      .selectFrom('tender_awards as a')
      .innerJoin('bids as b', 'b.id', 'a.bid_id')
      .select('a.bid_id')
      .where('b.bidder_id', '=', absent!.user.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('bids')
      .set({ status: 'no_show', no_show_at_ms: Date.now() - DAY_MS })
      .where('id', '=', award.bid_id)
      .execute();
    await db
      .updateTable('tender_awards')
      .set({ outcome: 'no_show', decided_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where('bid_id', '=', award.bid_id)
      .execute();
    // 40,000 ids: past SQLite's 32,766 parameters; an IN list of one parameter per id could not be read
    const unknown = Array.from({ length: 40_000 }, (_, i) => 1_000_000_000 + i);
    const userIds = [...unknown.slice(0, 20_000), carrier!.user.id, absent!.user.id, ...unknown.slice(20_000)];
    const standing = await standingOfUsers(db, userIds, 30);
    expect(standing.size).toBe(userIds.length);
    expect(standing.get(carrier!.user.id)).toEqual({ rating: 3, noShows: 0, recentNoShow: false });
    expect(standing.get(absent!.user.id)).toEqual({ rating: null, noShows: 1, recentNoShow: true });
    expect(standing.get(unknown[0]!)).toEqual({ rating: null, noShows: 0, recentNoShow: false });
    const companies = await companiesOfUsers(db, userIds);
    expect([...companies.keys()]).toEqual([carrier!.user.id]);
  });

  it("keeps a bid's status out of every partial index of bids, and reads no-shows from their own index", async () => {
    // every bid demotes the one it undercuts (active → pending): a partial index whose condition names the
    // status is worked on by that statement even when the bid is not in it, and on SQLite that tripled its cost
    // (decision 035)
    const conditions =
      engineOf(db) === 'postgres'
        ? (
            await sql<{ name: string; definition: string }>`
              select indexname as name, indexdef as definition from pg_indexes
              where tablename = 'bids' and schemaname = current_schema()`.execute(db)
          ).rows
        : (
            await sql<{ name: string; definition: string | null }>`
              select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'bids'`.execute(db)
          ).rows;
    const partial = conditions.filter((index) => / where /i.test(index.definition ?? ''));
    expect(partial.map((index) => index.name).sort()).toEqual(['bids_no_shows_idx', 'bids_vehicle_idx']);
    for (const index of partial) expect(index.definition!.split(/ where /i)[1]).not.toMatch(/status/);
    const plan = await planOnLargeTable(db, (trx) => noShowCountsQuery(trx, [1, 2, 3]));
    expect(plan).toContain('bids_no_shows_idx');
  });

  it('dates the no-shows an existing database holds when it is upgraded, and still counts them', async () => {
    const [owner, absent] = await quickUsers(database, 2);
    await createShipment(app, owner!, absent!);
    const award = await db
      .selectFrom('bids')
      .select(['id', 'confirm_by_ms'])
      .where('bidder_id', '=', absent!.user.id)
      .where('confirm_by_ms', 'is not', null)
      .executeTakeFirstOrThrow();
    const migrator = testMigrator();
    expect((await migrator.migrateTo('120-initial-price-page-index')).error).toBeUndefined();
    // a no-show as the schedule marked it before the column existed: the status alone
    await sql`update bids set status = 'no_show' where id = ${award.id}`.execute(db);
    await migrateTestDatabase(database);
    const row = await db
      .selectFrom('bids')
      .select(['status', 'no_show_at_ms'])
      .where('id', '=', award.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'no_show', no_show_at_ms: award.confirm_by_ms });
    expect((await standingOfUsers(db, [absent!.user.id], 30)).get(absent!.user.id)?.noShows).toBe(1);
  });
});

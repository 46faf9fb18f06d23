import type { FastifyInstance } from 'fastify';
import { apiPaths, pathTo, type MyBid, type PlacedBid, type TenderBid } from '@yuk/shared';
import { api } from './helpers.js';

/** The language a request asks its answer in (Accept-Language); the default one when absent. */
export interface RequestLanguage {
  lang?: string;
}

/**
 * The calls on tenders and bids that many test files make, bound to one app. Each answers the response as it
 * came, for the test to assert on, except where the name says the call must succeed (`placedBid`).
 * `defaults.lang` is sent with every call that does not name another.
 */
export function requestsTo(app: FastifyInstance, defaults: RequestLanguage = {}) {
  const headersOf = (lang = defaults.lang) => (lang ? { headers: { 'accept-language': lang } } : {});

  /** A bid of `amount` as `token` (none: anonymous); `fields` go beside bid_amount (valid_until, vehicle_id). */
  const bid = (
    token: string | undefined,
    tenderId: number,
    amount: unknown,
    { fields = {}, lang }: RequestLanguage & { fields?: Record<string, unknown> } = {},
  ) =>
    api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tenderId }),
      ...(token ? { token } : {}),
      payload: { bid_amount: amount, ...fields },
      ...headersOf(lang),
    });

  /** A bid that must be placed: the placed bid, or the test stops with the answer that refused it. */
  const placedBid = async (token: string, tenderId: number, amount: number, fields: Record<string, unknown> = {}) => {
    const res = await bid(token, tenderId, amount, { fields });
    if (res.statusCode !== 201) throw new Error(`bid failed: ${res.statusCode} ${res.body}`);
    return res.json<PlacedBid>();
  };

  return {
    bid,
    placedBid,
    /** The tender taken at its buy-now price. */
    buyNow: (token: string, tenderId: number) =>
      api(app, { method: 'POST', url: pathTo(apiPaths.tenders.buyNow, { id: tenderId }), token, ...headersOf() }),
    /** The owner awards a bid of their tender. */
    award: (token: string, tenderId: number, bidId: number) =>
      api(app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.award, { id: tenderId }),
        token,
        payload: { bid_id: bidId },
        ...headersOf(),
      }),
    /** The bids of a tender as `token` reads them (its owner sees them all). */
    tenderBids: async (token: string, tenderId: number) =>
      (
        await api(app, { method: 'GET', url: pathTo(apiPaths.tenders.bids, { id: tenderId }), token, ...headersOf() })
      ).json<TenderBid[]>(),
    /** My bids, with the list's query string (`?tender_id=…`) when given. */
    myBids: async (token: string, query = '') =>
      (await api(app, { method: 'GET', url: `${apiPaths.bids.mine}${query}`, token, ...headersOf() })).json<MyBid[]>(),
  };
}

import type { FastifyInstance } from 'fastify';
import { marketToday, type CreateTenderInput, type Tender, apiPaths } from '@yuk/shared';

/** A date `days` from today (Tashkent), YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const date = new Date(`${marketToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function buildTenderInput(overrides: Partial<CreateTenderInput> = {}): CreateTenderInput {
  return {
    name: 'Paxta tolasi',
    cargo_type: 'Truck - tented',
    cargo_weight: 20000,
    cargo_volume: 82,
    origin_location: 'Tashkent',
    destination_location: 'Almaty',
    shipment_date: daysFromToday(3),
    delivery_date: daysFromToday(6),
    tender_start_date: daysFromToday(0),
    tender_end_date: daysFromToday(2),
    initial_price: 1500,
    status: 'opened',
    ...overrides,
  };
}

/** Posts a tender as the given user through the API. */
export async function createTender(
  app: FastifyInstance,
  token: string,
  overrides: Partial<CreateTenderInput> = {},
): Promise<Tender> {
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.tenders.collection,
    headers: { authorization: `Bearer ${token}` },
    payload: buildTenderInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create tender failed: ${res.statusCode} ${res.body}`);
  return res.json<Tender>();
}

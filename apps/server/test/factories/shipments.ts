import type { FastifyInstance } from 'fastify';
import { apiPaths, pathTo, type CreateTenderInput, type PlacedBid, type ShipmentStep } from '@yuk/shared';
import { answerAward, createTender } from './tenders.js';

interface Party {
  accessToken: string;
}

const STEPS: ShipmentStep[] = ['loaded', 'on_the_way', 'delivered'];

/**
 * A shipment as the product makes one: the owner's tender, the carrier's bid, the award and the carrier's
 * confirmation; then moved through the steps up to `status` by the party that sets each. Returns its number.
 */
export async function createShipment(
  app: FastifyInstance,
  owner: Party,
  carrier: Party,
  { status = 'awarded', tender = {} }: { status?: 'awarded' | ShipmentStep; tender?: Partial<CreateTenderInput> } = {},
): Promise<string> {
  const created = await createTender(app, owner.accessToken, tender);
  const bid = await app.inject({
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: created.id }),
    headers: { authorization: `Bearer ${carrier.accessToken}` },
    payload: { bid_amount: 1200 },
  });
  if (bid.statusCode !== 201) throw new Error(`bid failed: ${bid.statusCode} ${bid.body}`);
  const award = await app.inject({
    method: 'POST',
    url: pathTo(apiPaths.tenders.award, { id: created.id }),
    headers: { authorization: `Bearer ${owner.accessToken}` },
    payload: { bid_id: bid.json<PlacedBid>().id },
  });
  if (award.statusCode !== 200) throw new Error(`award failed: ${award.statusCode} ${award.body}`);
  const confirmed = await answerAward(app, carrier.accessToken, bid.json<PlacedBid>().id);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  if (status !== 'awarded') {
    for (const step of STEPS.slice(0, STEPS.indexOf(status) + 1)) {
      const by = step === 'delivered' ? owner : carrier;
      const moved = await app.inject({
        method: 'POST',
        url: pathTo(apiPaths.shipments.status, { number: created.number }),
        headers: { authorization: `Bearer ${by.accessToken}` },
        payload: { status: step },
      });
      if (moved.statusCode !== 200) throw new Error(`move to ${step} failed: ${moved.statusCode} ${moved.body}`);
    }
  }
  return created.number;
}

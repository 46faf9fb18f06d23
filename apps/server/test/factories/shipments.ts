import type { FastifyInstance } from 'fastify';
import { apiPaths, pathTo, type CreateTenderInput, type ShipmentStep } from '@yuk/shared';
import { api } from '../helpers.js';
import { requestsTo } from '../requests.js';
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
  const { placedBid, award } = requestsTo(app);
  const bid = await placedBid(carrier.accessToken, created.id, 1200);
  const awarded = await award(owner.accessToken, created.id, bid.id);
  if (awarded.statusCode !== 200) throw new Error(`award failed: ${awarded.statusCode} ${awarded.body}`);
  const confirmed = await answerAward(app, carrier.accessToken, bid.id);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  if (status !== 'awarded') {
    for (const step of STEPS.slice(0, STEPS.indexOf(status) + 1)) {
      const by = step === 'delivered' ? owner : carrier;
      const moved = await api(app, {
        method: 'POST',
        url: pathTo(apiPaths.shipments.status, { number: created.number }),
        token: by.accessToken,
        payload: { status: step },
      });
      if (moved.statusCode !== 200) throw new Error(`move to ${step} failed: ${moved.statusCode} ${moved.body}`);
    }
  }
  return created.number;
}

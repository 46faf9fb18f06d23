// B2's raw baseline: node:http and better-sqlite3 alone, on the app's migrated database, doing a bid's writes
// as the app does them (the conditional update of the tender, the previous lowest bid demoted, the bid
// inserted, the owner's and the outbid bidder's notifications), in one transaction per turn of the event loop
// (the app's group commit), with the app's pragmas. No framework, no validation, no session read (a token is
// a key of RAW_TOKENS): what the app's bid costs beyond this is the app's own.
// Run as its own process: RAW_DB (the SQLite file), RAW_TOKENS (JSON: token → user id), PORT.
import { createServer } from 'node:http';
import { setImmediate } from 'node:timers';
import Database from 'better-sqlite3';

const db = new Database(process.env.RAW_DB);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const users = new Map(Object.entries(JSON.parse(process.env.RAW_TOKENS ?? '{}')));

const lower = db.prepare(`update tenders set current_min_bid_cents = ?, bid_count = bid_count + 1
  where id = ? and status = 'opened' and closes_at_ms > ? and owner_id <> ?
    and coalesce(current_min_bid_cents, initial_price_cents) - min_step_cents >= ?
  returning id, number, name, owner_id`);
const demote = db.prepare(
  `update bids set status = 'pending' where tender_id = ? and status = 'active' returning bidder_id`,
);
const insert = db.prepare(`insert into bids (tender_id, bidder_id, amount_cents, status, created_at)
  values (?, ?, ?, 'active', ?) returning id, tender_id, amount_cents, status, created_at`);
const notify = db.prepare(`insert into notifications (user_id, type, kind, params, link, created_at)
  values (?, 'bid', ?, ?, ?, ?)`);

/** One bid's writes; undefined when the conditional update refused it. */
function writeBid({ tenderId, bidderId, amountCents, nowMs }) {
  const tender = lower.get(amountCents, tenderId, nowMs, bidderId, amountCents);
  if (!tender) return undefined;
  const outbid = demote.all(tenderId).map((row) => row.bidder_id);
  const createdAt = new Date(nowMs).toISOString();
  const bid = insert.get(tenderId, bidderId, amountCents, createdAt);
  const params = JSON.stringify({ number: tender.number, name: tender.name, amount: amountCents / 100 });
  const link = `/tenders/${tenderId}`;
  notify.run(tender.owner_id, 'bid_received', params, link, createdAt);
  for (const userId of outbid) if (userId !== bidderId) notify.run(userId, 'outbid', params, link, createdAt);
  return bid;
}

const writeBatch = db.transaction((batch) => batch.map((queued) => writeBid(queued.bid)));
let queue = [];

function flush() {
  // in the app's order: by tender, the higher amounts first (see writeOrder in the app's bid batcher)
  const batch = queue.sort((x, y) => x.bid.tenderId - y.bid.tenderId || y.bid.amountCents - x.bid.amountCents);
  queue = [];
  const written = writeBatch(batch);
  batch.forEach(({ res }, i) => {
    const bid = written[i];
    const body = JSON.stringify(bid ? { ...bid, bid_amount: bid.amount_cents / 100 } : { code: 'BID_NOT_LOWER' });
    res.writeHead(bid ? 201 : 409, { 'content-type': 'application/json' }).end(body);
  });
}

createServer((req, res) => {
  const match = /^\/api\/tenders\/(\d+)\/bids$/.exec(req.url ?? '');
  const bidderId = users.get((req.headers.authorization ?? '').slice('Bearer '.length));
  if (req.method !== 'POST' || !match || bidderId === undefined) {
    res.writeHead(req.url === '/api/health' ? 200 : 404).end('{}');
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const amount = Number(JSON.parse(body).bid_amount);
    const bid = { tenderId: Number(match[1]), bidderId, amountCents: Math.round(amount * 100), nowMs: Date.now() };
    if (queue.push({ bid, res }) === 1) setImmediate(flush);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');

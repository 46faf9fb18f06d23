import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for the Central Bank of Uzbekistan's JSON rate archive: GET <base>/USD/YYYY-MM-DD/ answers, as the
 * bank does, `[{ "id": 69, "Code": "840", "Ccy": "USD", "CcyNm_EN": "US Dollar", "Nominal": "1",
 * "Rate": "12850.35", "Diff": "0", "Date": "26.11.2026" }]`: the newest rate it holds on or before that day.
 * It holds one rate of today (Tashkent) at 12850.35 unless told otherwise.
 *
 * For tests: `setRate(day, rate)`, `clear()`, `setDown(true)` (503), `requests` (the days asked); over HTTP:
 * POST /_test/rates { day, rate }, POST /_test/down { down }, GET /_test/requests.
 *
 * Run alone: node scripts/fake-cbu.mjs <port>; then CBU_RATES_URL=http://127.0.0.1:<port>/json/
 */

const tashkentToday = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);

export async function startFakeCbu({ port = 0 } = {}) {
  /** @type {Map<string, string>} day → rate */
  const rates = new Map([[tashkentToday(), '12850.35']]);
  /** @type {string[]} */
  const requests = [];
  let down = false;

  const send = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      if (request.method === 'GET' && path === '/_test/requests') return send(response, 200, requests);
      if (request.method === 'POST' && path === '/_test/rates') {
        rates.set(String(body.day), String(body.rate));
        return send(response, 200, { ok: true });
      }
      if (request.method === 'POST' && path === '/_test/down') {
        down = Boolean(body.down);
        return send(response, 200, { ok: true });
      }
      const asked = /\/USD\/(\d{4}-\d{2}-\d{2})\/?$/.exec(path);
      if (request.method !== 'GET' || !asked) return send(response, 404, []);
      const day = asked[1] ?? '';
      requests.push(day);
      if (down) return send(response, 503, { message: 'unavailable' });
      const held = [...rates.keys()].filter((each) => each <= day).sort();
      const newest = held.at(-1);
      // the bank answers an empty list for a day before any rate it holds
      if (!newest) return send(response, 200, []);
      const [yyyy, mm, dd] = newest.split('-');
      return send(response, 200, [
        {
          id: 69,
          Code: '840',
          Ccy: 'USD',
          CcyNm_RU: 'Доллар США',
          CcyNm_UZ: 'AQSH dollari',
          CcyNm_UZC: 'АҚШ доллари',
          CcyNm_EN: 'US Dollar',
          Nominal: '1',
          Rate: rates.get(newest),
          Diff: '0',
          Date: `${dd}.${mm}.${yyyy}`,
        },
      ]);
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    ratesUrl: `${url}/json/`,
    requests,
    setRate(day, rate) {
      rates.set(day, rate);
    },
    clear() {
      rates.clear();
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cbu = await startFakeCbu({ port: Number(process.argv[2] ?? 0) });
  console.log(`fake CBU rates at ${cbu.ratesUrl}`);
}

import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { fakePkcs7 } from '../../../../scripts/fake-eimzo.mjs';

/** A key the stand-in E-IMZO holds. */
export interface StandInKey {
  name: string;
  cn: string;
  pinfl: string;
  stir?: string;
  organisation?: string;
  validTo: string;
}

/** A random number of `count` digits (a PINFL, a STIR), never starting with 0. */
export const digits = (count: number) =>
  Array.from({ length: count }, (_, at) =>
    at === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');

/** The shipper's organisation key in the journeys (Dilnoza of Paxta Savdo), carrying her company's STIR. */
export const ownerOrganisationKey = (stir: string): StandInKey => ({
  name: 'DS-OWNER',
  cn: 'YUSUPOVA DILNOZA',
  pinfl: digits(14),
  stir,
  organisation: 'paxta savdo mchj',
  validTo: '2099.12.31 23:59:59',
});

export const ID_CARD_READER = 'ACS ACR39U ICC Reader 0';

/** A challenge of the fake E-IMZO-SERVER is a UUID; anything else signed is a document. */
const CHALLENGE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The E-IMZO program on the user's computer, answered inside the page: it lists the keys (and an ID card in a
 * reader), "loads" one and signs a challenge or a document as the test PKCS#7 that scripts/fake-eimzo.mjs (the
 * server's E-IMZO-SERVER) and scripts/fake-didox.mjs read, with the signature's hex beside it as E-IMZO gives it.
 */
export async function standInEimzo(page: Page, keys: StandInKey[]): Promise<void> {
  await page.routeWebSocket(/127\.0\.0\.1:(64443|64646)/, (ws) => {
    ws.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { name: string; arguments?: string[] };
      if (message.name === 'list_all_certificates') {
        const certificates = keys.map((key) => ({
          disk: 'C:',
          path: 'DSKEYS',
          name: key.name,
          alias: [
            `cn=${key.cn.toLowerCase()}`,
            ...(key.organisation ? [`o=${key.organisation}`] : []),
            ...(key.stir ? [`1.2.860.3.16.1.1=${key.stir}`] : []),
            `1.2.860.3.16.1.2=${key.pinfl}`,
            'validfrom=2024.01.01 00:00:00',
            `validto=${key.validTo}`,
          ].join(','),
        }));
        ws.send(JSON.stringify({ success: true, certificates }));
      } else if (message.name === 'list_readers') {
        // an ID card reader with a card in it, as E-IMZO's idcard plugin lists it
        ws.send(JSON.stringify({ success: true, readers: [ID_CARD_READER] }));
      } else if (message.name === 'load_key') {
        ws.send(JSON.stringify({ success: true, keyId: `key-${message.arguments?.[2]}` }));
      } else if (message.name === 'create_pkcs7') {
        const [data = '', keyId = ''] = message.arguments ?? [];
        const key = keys.find((each) => `key-${each.name}` === keyId);
        if (!key) return ws.send(JSON.stringify({ success: false, reason: 'Kalit topilmadi' }));
        const text = Buffer.from(data, 'base64').toString('utf8');
        const signed: { document: string } | { challenge: string } = CHALLENGE.test(text)
          ? { challenge: text }
          : { document: data };
        const pkcs7 = fakePkcs7({ ...key, ...signed });
        const signatureHex = createHash('sha256').update(pkcs7).digest('hex');
        ws.send(JSON.stringify({ success: true, pkcs7_64: pkcs7, signature_hex: signatureHex }));
      } else {
        ws.send(JSON.stringify({ success: false, reason: 'Unknown call' }));
      }
    });
  });
}

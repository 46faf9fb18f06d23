import { afterEach, describe, expect, it, vi } from 'vitest';
import { eimzoAlias, stubEimzo } from '../test/fake-eimzo';
import {
  EIMZO_URLS,
  isKeyUsable,
  keyOfFile,
  listKeys,
  parseAlias,
  parseAliasDate,
  signWithKey,
  toBase64,
  type EimzoError,
} from './eimzo';

const organisationAlias =
  'cn=rahimov aziz,name=aziz,surname=rahimov,o=silk road logistics, mchj,t=direktor,uid=412345678,' +
  '1.2.860.3.16.1.1=305123456,1.2.860.3.16.1.2=31234567890123,serialnumber=7a1b2c3d,' +
  'validfrom=2025.03.01 10:00:00,validto=2027.03.01 23:59:59';

describe('E-IMZO key aliases', () => {
  it('reads every field, an organisation name with a comma included', () => {
    expect(parseAlias(organisationAlias)).toEqual({
      cn: 'rahimov aziz',
      name: 'aziz',
      surname: 'rahimov',
      o: 'silk road logistics, mchj',
      t: 'direktor',
      uid: '412345678',
      '1.2.860.3.16.1.1': '305123456',
      '1.2.860.3.16.1.2': '31234567890123',
      serialnumber: '7a1b2c3d',
      validfrom: '2025.03.01 10:00:00',
      validto: '2027.03.01 23:59:59',
    });
  });

  it('reads the dates as Tashkent time, and nothing from an unreadable one', () => {
    expect(parseAliasDate('2027.03.01 23:59:59')?.toISOString()).toBe('2027-03-01T18:59:59.000Z');
    expect(parseAliasDate('2027.03.01')?.toISOString()).toBe('2027-02-28T19:00:00.000Z');
    expect(parseAliasDate('soon')).toBeNull();
    expect(parseAliasDate(undefined)).toBeNull();
  });

  it('shows a key by its owner, organisation, STIR (the organisation’s, else the person’s) and dates', () => {
    const file = { disk: 'C:\\', path: 'DSKEYS', name: 'DS3051234560001', alias: organisationAlias };
    const key = keyOfFile(file);
    expect(key).toMatchObject({
      id: 'C:\\|DSKEYS|DS3051234560001',
      owner: 'Rahimov Aziz',
      organisation: 'silk road logistics, mchj',
      stir: '305123456',
      pinfl: '31234567890123',
      serialNumber: '7a1b2c3d',
    });
    const person = keyOfFile({ ...file, alias: eimzoAlias({ name: 'ali', surname: 'valiyev', uid: '498765432' }) });
    expect(person).toMatchObject({ owner: 'Valiyev Ali', organisation: null, stir: '498765432', validTo: null });
  });

  it('treats a key past its end date, or not valid yet, as unusable', () => {
    const key = keyOfFile({ disk: 'D:', path: '', name: 'k', alias: organisationAlias });
    expect(isKeyUsable(key, new Date('2026-11-26T00:00:00Z'))).toBe(true);
    expect(isKeyUsable(key, new Date('2027-03-02T00:00:00Z'))).toBe(false);
    expect(isKeyUsable(key, new Date('2025-01-01T00:00:00Z'))).toBe(false);
  });

  it('encodes the text to sign as standard base64 of its UTF-8 bytes', () => {
    expect(toBase64('6d1c-ok')).toBe('NmQxYy1vaw==');
    expect(toBase64('ўзбек')).toBe(btoa(String.fromCharCode(...new TextEncoder().encode('ўзбек'))));
  });
});

describe('the E-IMZO client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists the keys, trying the plain address when the secure one is not there', async () => {
    const { opened, messages } = stubEimzo(
      () => ({ success: true, certificates: [{ disk: 'C:', path: 'DSKEYS', name: 'a', alias: organisationAlias }] }),
      { down: [EIMZO_URLS[0]] },
    );
    const keys = await listKeys();
    expect(keys.map((key) => key.owner)).toEqual(['Rahimov Aziz']);
    expect(opened).toEqual([...EIMZO_URLS]);
    expect(messages).toEqual([{ plugin: 'pfx', name: 'list_all_certificates' }]);
  });

  it('loads the key and signs the base64 of the text with it', async () => {
    const { messages } = stubEimzo((message) =>
      message.name === 'load_key' ? { success: true, keyId: 'key-1' } : { success: true, pkcs7_64: 'MIAG\r\nCSqG' },
    );
    const key = keyOfFile({ disk: 'C:', path: 'DSKEYS', name: 'a', alias: organisationAlias });
    await expect(signWithKey(key, 'challenge-1')).resolves.toBe('MIAGCSqG');
    expect(messages).toEqual([
      { plugin: 'pfx', name: 'load_key', arguments: ['C:', 'DSKEYS', 'a', organisationAlias] },
      { plugin: 'pkcs7', name: 'create_pkcs7', arguments: [toBase64('challenge-1'), 'key-1', 'no'] },
    ]);
  });

  it('gives E-IMZO’s reason for a refusal, and says when it is not running at all', async () => {
    stubEimzo(() => ({ success: false, reason: 'Parol noto‘g‘ri' }));
    await expect(listKeys()).rejects.toMatchObject({ kind: 'refused', message: 'Parol noto‘g‘ri' });

    stubEimzo(() => ({}), { down: [...EIMZO_URLS] });
    await expect(listKeys()).rejects.toMatchObject({ kind: 'not-running' } satisfies Partial<EimzoError>);
  });

  it('never hangs: an unanswered call fails after its timeout', async () => {
    vi.useFakeTimers();
    stubEimzo(() => undefined);
    const listing = listKeys();
    const outcome = expect(listing).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_001);
    await outcome;
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { eimzoAlias, stubEimzo } from '../test/fake-eimzo';
import {
  EIMZO_URLS,
  isKeyUsable,
  keyOfFile,
  keyOfReader,
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
    // the secure address failed, the plain one answered: the next call starts there
    expect(opened).toEqual([...EIMZO_URLS, EIMZO_URLS[1]]);
    expect(messages).toEqual([
      { plugin: 'pfx', name: 'list_all_certificates' },
      { plugin: 'idcard', name: 'list_readers' },
    ]);
  });

  it('registers the site’s API keys first, as domain and key pairs; without keys (localhost) sends none', async () => {
    const { messages } = stubEimzo((message) =>
      message.name === 'list_all_certificates' ? { success: true, certificates: [] } : { success: true, readers: [] },
    );
    await listKeys([
      { domain: 'yuktender.uz', key: 'A1B2C3' },
      { domain: 'www.yuktender.uz', key: 'D4E5F6' },
    ]);
    expect(messages[0]).toEqual({
      name: 'apikey',
      arguments: ['yuktender.uz', 'A1B2C3', 'www.yuktender.uz', 'D4E5F6'],
    });
    expect(messages.slice(1).map((message) => message.name)).toEqual(['list_all_certificates', 'list_readers']);

    const local = stubEimzo(() => ({ success: true, certificates: [], readers: [] }));
    await listKeys([]);
    expect(local.messages.map((message) => message.name)).toEqual(['list_all_certificates', 'list_readers']);
  });

  it('stops at a refused API key with E-IMZO’s reason, asking nothing else', async () => {
    const { messages } = stubEimzo((message) =>
      message.name === 'apikey' ? { success: false, reason: 'API-KEY is not valid' } : { success: true },
    );
    await expect(listKeys([{ domain: 'yuktender.uz', key: 'BAD0' }])).rejects.toMatchObject({
      kind: 'refused',
      message: 'API-KEY is not valid',
    });
    expect(messages.map((message) => message.name)).toEqual(['apikey']);
  });

  it('lists the ID cards in E-IMZO’s readers after the key files, and signs with a card as "idcard"', async () => {
    const { messages } = stubEimzo((message) => {
      if (message.name === 'list_all_certificates') {
        return { success: true, certificates: [{ disk: 'C:', path: 'DSKEYS', name: 'a', alias: organisationAlias }] };
      }
      if (message.name === 'list_readers')
        return { success: true, readers: ['ACS ACR39U ICC Reader 0', { name: 'Omnikey 3121' }] };
      return { success: true, pkcs7_64: 'SURDQVJE' };
    });
    const keys = await listKeys();
    expect(keys.map((key) => [key.kind, key.owner])).toEqual([
      ['pfx', 'Rahimov Aziz'],
      ['idcard', 'ACS ACR39U ICC Reader 0'],
      ['idcard', 'Omnikey 3121'],
    ]);
    const card = keys[1]!;
    expect(card).toEqual(keyOfReader('ACS ACR39U ICC Reader 0'));
    expect(card).toMatchObject({ id: 'idcard|ACS ACR39U ICC Reader 0', file: null, validTo: null });
    expect(isKeyUsable(card)).toBe(true);

    // no load_key: E-IMZO reads the card and asks its PIN when it signs
    await expect(signWithKey(card, 'challenge-2')).resolves.toBe('SURDQVJE');
    expect(messages.slice(2)).toEqual([
      { plugin: 'pkcs7', name: 'create_pkcs7', arguments: [toBase64('challenge-2'), 'idcard', 'no'] },
    ]);
  });

  it('keeps the key files when the ID card plugin refuses, and the cards when the files do; both failing is a failure', async () => {
    stubEimzo((message) =>
      message.name === 'list_readers'
        ? { success: false, reason: 'Plugin not found' }
        : { success: true, certificates: [{ disk: 'C:', path: 'DSKEYS', name: 'a', alias: organisationAlias }] },
    );
    expect((await listKeys()).map((key) => key.kind)).toEqual(['pfx']);

    stubEimzo((message) =>
      message.name === 'list_readers'
        ? { success: true, readers: ['Reader 1'] }
        : { success: false, reason: 'Disk not ready' },
    );
    expect((await listKeys()).map((key) => key.kind)).toEqual(['idcard']);

    stubEimzo((message) => ({
      success: false,
      reason: message.name === 'list_readers' ? 'No plugin' : 'Disk not ready',
    }));
    await expect(listKeys()).rejects.toMatchObject({ kind: 'refused', message: 'Disk not ready' });
  });

  it('does not ask for ID cards when E-IMZO is not running at all', async () => {
    const { opened } = stubEimzo(() => ({}), { down: [...EIMZO_URLS] });
    await expect(listKeys()).rejects.toMatchObject({ kind: 'not-running' });
    // each address tried once, for the key files only
    expect([...opened].sort()).toEqual([...EIMZO_URLS].sort());
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

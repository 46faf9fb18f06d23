/**
 * A small client for the E-IMZO program on the user's computer (its local WebSocket API, CAPIWS): register the
 * site's API keys, list the keys (key files and ID cards), load one (E-IMZO asks its password itself) and sign
 * data as PKCS#7. As the vendor's own script does,
 * every call opens a socket, sends one JSON message and reads one JSON answer; a loaded key's id stays valid
 * in E-IMZO between sockets.
 */

/** The secure address first (E-IMZO installs its own certificate for it), then the plain one. */
export const EIMZO_URLS = ['wss://127.0.0.1:64443/service/cryptapi', 'ws://127.0.0.1:64646/service/cryptapi'] as const;

/** Where to get E-IMZO when it is not running. */
export const EIMZO_DOWNLOAD_URL = 'https://e-imzo.uz';

const CALL_TIMEOUT_MS = 10_000;
// load_key waits while the user types the key's password into E-IMZO's own window, and an ID card's signature
// while the user types its PIN
const LOAD_KEY_TIMEOUT_MS = 120_000;

/** Why a call failed: E-IMZO not answering at all, no answer in time, or E-IMZO's own refusal (its reason). */
export type EimzoFailure = 'not-running' | 'timeout' | 'refused';

export class EimzoError extends Error {
  constructor(
    readonly kind: EimzoFailure,
    message: string,
  ) {
    super(message);
    this.name = 'EimzoError';
  }
}

export function isEimzoError(error: unknown): error is EimzoError {
  return error instanceof EimzoError;
}

/** A key file (PFX) as E-IMZO lists it. */
export interface EimzoKeyFile {
  disk: string;
  path: string;
  name: string;
  alias: string;
}

/** A key as the screens show it: a key file, read from its alias, or an ID card in a reader. */
export interface EimzoKey {
  /** Stable within one listing: disk, path and name of a file; the reader of an ID card. */
  id: string;
  kind: 'pfx' | 'idcard';
  /** The key file; null for an ID card. */
  file: EimzoKeyFile | null;
  /** The card reader an ID card sits in; null for a key file. */
  reader: string | null;
  /** The owner's name (CN, or name and surname); an ID card's reader until the card is read at signing. */
  owner: string;
  organisation: string | null;
  /** The organisation's STIR, or a person's own (uid). */
  stir: string | null;
  pinfl: string | null;
  serialNumber: string | null;
  validFrom: Date | null;
  validTo: Date | null;
}

/**
 * The alias: "cn=…,name=…,o=…,1.2.860.3.16.1.1=…,validto=2027.03.01 23:59:59,…". A value may itself hold a
 * comma (an organisation's name), so a part without a key of its own belongs to the value before it.
 */
export function parseAlias(alias: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let last: string | undefined;
  for (const part of alias.split(',')) {
    const match = /^\s*([a-z][a-z0-9]*|\d+(?:\.\d+)+)=(.*)$/i.exec(part);
    if (match) {
      last = match[1]!.toLowerCase();
      fields[last] = match[2]!.trim();
    } else if (last !== undefined) {
      fields[last] = `${fields[last]},${part}`.trim();
    }
  }
  return fields;
}

/** "2027.03.01 23:59:59" (Tashkent time, as E-IMZO writes it) as a Date; null when unreadable. */
export function parseAliasDate(value: string | undefined): Date | null {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})(?:\s+(\d{2}):(\d{2}):(\d{2}))?/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+05:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Title case for the upper- or lower-case names E-IMZO keeps ("RAHIMOV AZIZ" → "Rahimov Aziz"). */
function titleCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s'‘’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export function keyOfFile(file: EimzoKeyFile): EimzoKey {
  const fields = parseAlias(file.alias);
  const person = [fields.surname, fields.name].filter(Boolean).join(' ');
  return {
    id: `${file.disk}|${file.path}|${file.name}`,
    kind: 'pfx',
    file,
    reader: null,
    owner: titleCase(fields.cn || person || file.name),
    organisation: fields.o || null,
    stir: fields['1.2.860.3.16.1.1'] || fields.uid || null,
    pinfl: fields['1.2.860.3.16.1.2'] || null,
    serialNumber: fields.serialnumber || null,
    validFrom: parseAliasDate(fields.validfrom),
    validTo: parseAliasDate(fields.validto),
  };
}

/**
 * An ID card in a reader, as E-IMZO's idcard plugin lists readers. The card's certificate is read by E-IMZO
 * when it signs (it asks the PIN itself), so the screens know only that a card is there.
 */
export function keyOfReader(reader: string): EimzoKey {
  return {
    id: `idcard|${reader}`,
    kind: 'idcard',
    file: null,
    reader,
    owner: reader,
    organisation: null,
    stir: null,
    pinfl: null,
    serialNumber: null,
    validFrom: null,
    validTo: null,
  };
}

/** A key past its end date (or not yet valid) cannot sign anything E-IMZO-SERVER would accept. */
export function isKeyUsable(key: EimzoKey, now = new Date()): boolean {
  if (key.validTo && key.validTo.getTime() < now.getTime()) return false;
  return !(key.validFrom && key.validFrom.getTime() > now.getTime());
}

type Answer = { success?: boolean; reason?: string } & Record<string, unknown>;

// the address that answered last: the next call starts there
let workingUrl: string | undefined;

/** One socket, one message, one answer; never longer than `timeoutMs` in all. */
function callAt(url: string, message: object, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: WebSocket;
    let opened = false;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new EimzoError(opened ? 'timeout' : 'not-running', 'E-IMZO did not answer'))),
      timeoutMs,
    );
    try {
      socket = new WebSocket(url);
    } catch {
      clearTimeout(timer);
      reject(new EimzoError('not-running', 'E-IMZO is not reachable'));
      return;
    }
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify(message));
    };
    socket.onmessage = (event: MessageEvent) => {
      finish(() => {
        try {
          resolve(JSON.parse(String(event.data)) as Answer);
        } catch {
          reject(new EimzoError('refused', 'E-IMZO answered something unreadable'));
        }
      });
    };
    const lost = () =>
      finish(() =>
        reject(
          opened
            ? new EimzoError('timeout', 'E-IMZO closed the connection')
            : new EimzoError('not-running', 'E-IMZO is not reachable'),
        ),
      );
    socket.onerror = lost;
    socket.onclose = lost;
  });
}

/** Sends a call to E-IMZO, trying the other address when one is not there; a refusal throws its reason. */
export async function callEimzo(message: object, timeoutMs = CALL_TIMEOUT_MS): Promise<Answer> {
  const urls = workingUrl ? [workingUrl, ...EIMZO_URLS.filter((url) => url !== workingUrl)] : [...EIMZO_URLS];
  let failure: unknown;
  for (const url of urls) {
    try {
      const answer = await callAt(url, message, timeoutMs);
      workingUrl = url;
      if (answer.success !== true) throw new EimzoError('refused', answer.reason || 'E-IMZO refused');
      return answer;
    } catch (error) {
      // only a missing program is worth the other address; a refusal or a timeout is E-IMZO's answer
      if (!isEimzoError(error) || error.kind !== 'not-running') throw error;
      failure = error;
    }
  }
  workingUrl = undefined;
  throw failure;
}

/** A domain of the site and the key the vendor issued for it (GET /api/config). */
export interface EimzoApiKey {
  domain: string;
  key: string;
}

/**
 * Registers the site's domains with E-IMZO (the vendor's `apikey` call: domain, key, domain, key …), as its
 * own script does before any other call; without keys (localhost) nothing is sent. A refusal (a key E-IMZO
 * does not accept) throws its reason.
 */
export async function installApiKeys(keys: readonly EimzoApiKey[]): Promise<void> {
  if (keys.length === 0) return;
  await callEimzo({ name: 'apikey', arguments: keys.flatMap(({ domain, key }) => [domain, key]) });
}

/** The names of a reader list as E-IMZO gives it: names, or objects that carry one. */
function readerNames(readers: unknown): string[] {
  if (!Array.isArray(readers)) return [];
  return readers
    .map((reader: unknown) => {
      if (typeof reader === 'string') return reader;
      if (reader && typeof reader === 'object' && 'name' in reader && typeof reader.name === 'string') {
        return reader.name;
      }
      return '';
    })
    .filter((name) => name.trim() !== '');
}

/**
 * The keys E-IMZO sees: the key files (on every disk and USB stick), read from their aliases, then the ID
 * cards in its readers. The API keys of `apiKeys` go first. As the vendor's script does, one kind that fails
 * (an E-IMZO without the ID card plugin, say) leaves the other; both failing is E-IMZO's first failure.
 */
export async function listKeys(apiKeys: readonly EimzoApiKey[] = []): Promise<EimzoKey[]> {
  await installApiKeys(apiKeys);
  const failures: unknown[] = [];
  const files = await callEimzo({ plugin: 'pfx', name: 'list_all_certificates' }).then(
    (answer) => (Array.isArray(answer.certificates) ? (answer.certificates as EimzoKeyFile[]) : []),
    (error: unknown) => {
      failures.push(error);
      return [];
    },
  );
  // E-IMZO not running, or not answering in time, has answered for the ID cards too: no second wait
  const unreachable = failures.some((error) => isEimzoError(error) && error.kind !== 'refused');
  const readers = unreachable
    ? []
    : await callEimzo({ plugin: 'idcard', name: 'list_readers' }).then(
        (answer) => readerNames(answer.readers),
        (error: unknown) => {
          failures.push(error);
          return [];
        },
      );
  const keys = [...files.filter((file) => typeof file?.alias === 'string').map(keyOfFile), ...readers.map(keyOfReader)];
  if (keys.length === 0 && failures.length > 0) throw failures[0];
  return keys;
}

/**
 * Loads a key (E-IMZO asks its password in its own window) and gives its id for signing. An ID card needs no
 * loading: E-IMZO signs with the card in its reader under the id "idcard", asking the PIN itself.
 */
export async function loadKey(key: EimzoKey): Promise<string> {
  if (key.kind === 'idcard' || !key.file) return 'idcard';
  const { disk, path, name, alias } = key.file;
  const answer = await callEimzo(
    { plugin: 'pfx', name: 'load_key', arguments: [disk, path, name, alias] },
    LOAD_KEY_TIMEOUT_MS,
  );
  if (typeof answer.keyId !== 'string') throw new EimzoError('refused', 'E-IMZO gave no key');
  return answer.keyId;
}

/** Standard base64 of a text's UTF-8 bytes. */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A PKCS#7 (base64, the data attached) over the text, signed with a loaded key. */
export async function signText(keyId: string, text: string): Promise<string> {
  return signData(keyId, toBase64(text));
}

/** What E-IMZO's create_pkcs7 gives: the PKCS#7 (base64, the data attached) and the signature itself in hex. */
export interface EimzoSignature {
  pkcs7: string;
  signatureHex: string;
}

/** A PKCS#7 over data given in base64, signed with a loaded key, with the signature in hex beside it. */
export async function signDataDetailed(keyId: string, base64: string): Promise<EimzoSignature> {
  const answer = await callEimzo(
    { plugin: 'pkcs7', name: 'create_pkcs7', arguments: [base64, keyId, 'no'] },
    // an ID card is read, and its PIN asked, only now
    keyId === 'idcard' ? LOAD_KEY_TIMEOUT_MS : CALL_TIMEOUT_MS,
  );
  if (typeof answer.pkcs7_64 !== 'string') throw new EimzoError('refused', 'E-IMZO gave no signature');
  // E-IMZO may wrap its base64 in lines; the server takes it in one piece
  return {
    pkcs7: answer.pkcs7_64.replace(/\s+/g, ''),
    signatureHex: typeof answer.signature_hex === 'string' ? answer.signature_hex.trim() : '',
  };
}

/** A PKCS#7 (base64, the data attached) over data given in base64, signed with a loaded key. */
export async function signData(keyId: string, base64: string): Promise<string> {
  return (await signDataDetailed(keyId, base64)).pkcs7;
}

/** Loads the key and signs: what both the sign-in and the linking do with a challenge. */
export async function signWithKey(key: EimzoKey, text: string): Promise<string> {
  return signText(await loadKey(key), text);
}

/** Loads the key and signs data given in base64 as it is (a document the server wrote, byte for byte). */
export async function signDataWithKey(key: EimzoKey, base64: string): Promise<string> {
  return signData(await loadKey(key), base64);
}

/**
 * A small client for the E-IMZO program on the user's computer (its local WebSocket API, CAPIWS): list the
 * keys, load one (E-IMZO asks its password itself) and sign data as PKCS#7. As the vendor's own script does,
 * every call opens a socket, sends one JSON message and reads one JSON answer; a loaded key's id stays valid
 * in E-IMZO between sockets.
 */

/** The secure address first (E-IMZO installs its own certificate for it), then the plain one. */
export const EIMZO_URLS = ['wss://127.0.0.1:64443/service/cryptapi', 'ws://127.0.0.1:64646/service/cryptapi'] as const;

/** Where to get E-IMZO when it is not running. */
export const EIMZO_DOWNLOAD_URL = 'https://e-imzo.uz';

const CALL_TIMEOUT_MS = 10_000;
// load_key waits while the user types the key's password into E-IMZO's own window
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

/** A key as the screens show it, read from its alias. */
export interface EimzoKey {
  /** Stable within one listing: disk, path and name. */
  id: string;
  file: EimzoKeyFile;
  /** The owner's name (CN, or name and surname). */
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
    file,
    owner: titleCase(fields.cn || person || file.name),
    organisation: fields.o || null,
    stir: fields['1.2.860.3.16.1.1'] || fields.uid || null,
    pinfl: fields['1.2.860.3.16.1.2'] || null,
    serialNumber: fields.serialnumber || null,
    validFrom: parseAliasDate(fields.validfrom),
    validTo: parseAliasDate(fields.validto),
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

/** The key files E-IMZO sees (on every disk and USB stick), read from their aliases. */
export async function listKeys(): Promise<EimzoKey[]> {
  const answer = await callEimzo({ plugin: 'pfx', name: 'list_all_certificates' });
  const files = Array.isArray(answer.certificates) ? (answer.certificates as EimzoKeyFile[]) : [];
  return files.filter((file) => typeof file?.alias === 'string').map(keyOfFile);
}

/** Loads a key (E-IMZO asks its password in its own window) and gives its id for signing. */
export async function loadKey(key: EimzoKey): Promise<string> {
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

/** A PKCS#7 (base64, the data attached) over data given in base64, signed with a loaded key. */
export async function signData(keyId: string, base64: string): Promise<string> {
  const answer = await callEimzo({ plugin: 'pkcs7', name: 'create_pkcs7', arguments: [base64, keyId, 'no'] });
  if (typeof answer.pkcs7_64 !== 'string') throw new EimzoError('refused', 'E-IMZO gave no signature');
  // E-IMZO may wrap its base64 in lines; the server takes it in one piece
  return answer.pkcs7_64.replace(/\s+/g, '');
}

/** Loads the key and signs: what both the sign-in and the linking do with a challenge. */
export async function signWithKey(key: EimzoKey, text: string): Promise<string> {
  return signText(await loadKey(key), text);
}

/** Loads the key and signs data given in base64 as it is (a document the server wrote, byte for byte). */
export async function signDataWithKey(key: EimzoKey, base64: string): Promise<string> {
  return signData(await loadKey(key), base64);
}

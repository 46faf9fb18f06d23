import { ACCEPTED_FILE_TYPES, type AcceptedContentType } from '@yuk/shared';

const ORIGINAL_NAME_MAX = 200;

const startsWith = (data: Buffer, signature: readonly number[], offset = 0) =>
  data.length >= offset + signature.length && signature.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of a document judged by its first bytes (its magic number), or undefined when it is none of
 * the accepted ones. The client's declared type is never trusted.
 */
export function sniffContentType(data: Buffer): AcceptedContentType | undefined {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** The lower-cased extension of a file name, with its dot ("" when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * A safe display name for an uploaded file: the last path segment only, without control or
 * direction-changing characters or leading dots, at most 200 characters (the extension is kept when
 * shortened). A name with nothing left before its extension becomes `fallbackStem` + extension.
 */
export function sanitizeFileName(raw: string, fallbackStem: string): string {
  const base = (raw.normalize('NFC').split(/[/\\]/).pop() ?? '')
    // control characters (NUL included) and Unicode bidi overrides that could disguise an extension
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const dot = base.lastIndexOf('.');
  const rawExtension = dot >= 0 ? base.slice(dot) : '';
  const extension = [...rawExtension].length <= 20 ? rawExtension : '';
  const stem = (dot >= 0 ? base.slice(0, dot) : base).replace(/^[.\s]+/, '').trim() || fallbackStem;
  const room = ORIGINAL_NAME_MAX - [...extension].length;
  return [...stem].slice(0, room).join('') + extension;
}

export interface CheckedFile {
  content_type: AcceptedContentType;
  original_name: string;
  data: Buffer;
}

/**
 * Accepts a document only when its bytes are a PDF, JPEG, PNG or WebP and its name ends with an
 * extension of that same type; undefined otherwise. A script or an HTML or SVG page renamed to .png is
 * refused, and so is a PNG named .pdf.
 */
export function checkDocument(uploadedName: string, data: Buffer, fallbackStem: string): CheckedFile | undefined {
  const contentType = sniffContentType(data);
  if (!contentType) return undefined;
  const original_name = sanitizeFileName(uploadedName, fallbackStem);
  const extensions: readonly string[] = ACCEPTED_FILE_TYPES[contentType];
  if (!extensions.includes(extensionOf(original_name))) return undefined;
  return { content_type: contentType, original_name, data };
}

/**
 * A safe display name for a file judged by content alone: cleaned as sanitizeFileName does, its
 * extension made the type's own when it was another (a PNG sent as "photo.jpg" is kept as "photo.png").
 */
export function nameForType(raw: string, type: AcceptedContentType, fallbackStem: string): string {
  const extensions: readonly string[] = ACCEPTED_FILE_TYPES[type];
  const cleaned = sanitizeFileName(raw, fallbackStem);
  if (extensions.includes(extensionOf(cleaned))) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  return sanitizeFileName(`${stem}${extensions[0] ?? ''}`, fallbackStem);
}

/** The width and height of a PNG from its header (IHDR), or undefined when the bytes are no PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (sniffContentType(data) !== 'image/png' || data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

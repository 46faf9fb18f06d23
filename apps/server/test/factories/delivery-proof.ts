import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { apiPaths, pathTo } from '@yuk/shared';
import { api } from '../helpers.js';
import { multipart, type FormFile, type FormValue } from './multipart.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of the given header and pixel data (IDAT), as any encoder writes it. */
export function pngOf(width: number, height: number, colorType: 2 | 6, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signature as a drawing canvas gives it: a transparent RGBA PNG with a dark stroke across. */
export function signaturePng(width = 300, height = 120): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const onStroke = Math.abs(y - (height / 2 + Math.sin(x / 18) * (height / 4))) < 2;
      if (onStroke) row.set([20, 30, 60, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return pngOf(width, height, 6, deflateSync(Buffer.concat(rows)));
}

/** A real 48 × 32 JPEG (a green field with an orange box), as a phone's camera would send a photo. */
export const REAL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAgADADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwAG/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABUBAQEAAAAAAAAAAAAAAAAAAAQA/8QAIREAAQMCBwEAAAAAAAAAAAAAEQADBBIUEyEiQWKh4RX/2gAMAwEAAhEDEQA/AM6kSxH38IZEo8OHc1agBsjREtDX3HvxP+Pz69RoiWNCWH8U5AIEyHbU6iTsoljRJ9jFGYCocy2q0kjdJaGiGseXXqf9jh34ksaJEsMYRzJQJky5p0gHdf/Z',
  'base64',
);

export const photoJpeg = (filename = 'cargo.jpg'): FormFile => ({ filename, data: REAL_JPEG, type: 'image/jpeg' });
export const signatureFile = (data = signaturePng()): FormFile => ({
  filename: 'signature.png',
  data,
  type: 'image/png',
});

/** The proof form: the fields, then each photo (the field repeated), then the signature. */
export function proofEntries(
  options: {
    fields?: Record<string, string | undefined>;
    photos?: FormFile[];
    signature?: FormFile | null;
    extra?: Array<[string, FormValue]>;
  } = {},
): Array<[string, FormValue]> {
  const fields: Record<string, string | undefined> = {
    receiver_name: 'Gʻulom Xoʻjayev',
    lat: '39.6542',
    lon: '66.9597',
    accuracy_m: '12',
    position_at: new Date().toISOString(),
    ...options.fields,
  };
  const entries: Array<[string, FormValue]> = [];
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) entries.push([name, value]);
  for (const photo of options.photos ?? [photoJpeg()]) entries.push(['photos', photo]);
  if (options.signature !== null) entries.push(['signature', options.signature ?? signatureFile()]);
  return [...entries, ...(options.extra ?? [])];
}

/** POST /api/shipments/{number}/proof with a multipart form, as `token` (none: no Authorization). */
export async function sendProof(
  app: FastifyInstance,
  token: string | undefined,
  number: string,
  entries: Array<[string, FormValue]> = proofEntries(),
  headers: Record<string, string> = {},
) {
  const body = await multipart(entries);
  return api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.proof, { number }),
    ...(token ? { token } : {}),
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

import { z } from 'zod';

/** Uploaded documents: what is accepted and how large it may be. */

export const MAX_FILE_MB = 10;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

/** The accepted document types, each with the extensions its file name may end with. */
export const ACCEPTED_FILE_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
} as const satisfies Record<string, readonly string[]>;

export type AcceptedContentType = keyof typeof ACCEPTED_FILE_TYPES;

/** The value of a file input's `accept` attribute for documents. */
export const FILE_INPUT_ACCEPT = Object.entries(ACCEPTED_FILE_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/** How long a signed document link stays valid, in seconds. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

/** GET /api/files/:id: the stored file's id and the link's signature (the link itself is the permission). */
export const fileLinkParams = z.object({ id: z.string().max(100) });
export const fileLinkQuery = z.object({
  exp: z.string().max(20).optional().describe('Expiry, Unix seconds'),
  sig: z.string().max(100).optional().describe('base64url HMAC-SHA256 of "id.exp"'),
});

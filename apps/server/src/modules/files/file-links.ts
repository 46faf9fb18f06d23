import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '@yuk/shared';

/** Links are made to expire on these boundaries, so one file keeps the same link for a while (browsers can cache it). */
const EXPIRY_STEP_SECONDS = 5 * 60;

export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
const EXP_PATTERN = /^\d{1,12}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface FileLinks {
  /** A relative link to a file, signed until about FILE_LINK_TTL_SECONDS from now. */
  linkTo(fileId: string): string;
  /** The seconds a link stays valid (for Cache-Control), or undefined when it is missing, altered or expired. */
  secondsLeft(fileId: string, exp: string | undefined, sig: string | undefined): number | undefined;
}

/**
 * Signed, short-lived file links (`/api/files/<id>?exp=<unix seconds>&sig=<HMAC-SHA256 of "id.exp">`),
 * so a document opens in a new tab without any token in its URL. The key is derived from the app
 * secret for this one use.
 */
export function createFileLinks(appSecret: string, now: () => number = Date.now): FileLinks {
  const key = createHmac('sha256', appSecret).update('file-links').digest();
  const sign = (fileId: string, exp: number | string) =>
    createHmac('sha256', key).update(`${fileId}.${exp}`).digest('base64url');

  return {
    linkTo(fileId) {
      const nowSeconds = Math.floor(now() / 1000);
      const exp = Math.ceil((nowSeconds + FILE_LINK_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `/api/files/${fileId}?exp=${exp}&sig=${sign(fileId, exp)}`;
    },
    secondsLeft(fileId, exp, sig) {
      if (!FILE_ID_PATTERN.test(fileId) || !exp || !sig || !EXP_PATTERN.test(exp) || !SIG_PATTERN.test(sig)) {
        return undefined;
      }
      const expected = Buffer.from(sign(fileId, exp));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const left = Number(exp) - Math.floor(now() / 1000);
      return left > 0 ? left : undefined;
    },
  };
}

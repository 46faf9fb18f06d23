import { apiPaths, type SmsSent } from '@yuk/shared';
import { api } from './api-client';

/**
 * POST /api/auth/sms/send: a 6-digit code to the phone, for signing in or for proving the number. The
 * answer says when another may be asked for.
 */
export function sendSmsCode(phone: string): Promise<SmsSent> {
  return api.post<SmsSent>(apiPaths.auth.smsSend, { phone }, { auth: false });
}

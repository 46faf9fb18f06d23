import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH } from '@yuk/shared';
import { toast } from '../lib/toast';
import { errorMessage } from '../lib/api-client';
import { sendSmsCode } from '../lib/sms-code';
import { useNow } from '../lib/use-now';
import { Button } from './ui/button';
import { TextField } from './ui/text-field';

/** The code of a WebOTP credential (an OTPCredential), if that is what came. */
function codeOf(credential: unknown): string | undefined {
  if (typeof credential !== 'object' || credential === null || !('code' in credential)) return undefined;
  return typeof credential.code === 'string' ? credential.code : undefined;
}

/** "+998901234567" as people read it: "+998 90 123 45 67". */
export function spacedPhone(phone: string): string {
  const match = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+998 ${match.slice(1).join(' ')}` : phone;
}

/**
 * The second step of every SMS check: the code just sent to `phone`, typed or offered by the phone itself
 * (autocomplete one-time-code), a resend once the server allows one, and the way back to change the number.
 */
export function SmsCodeStep({
  phone,
  resendAt,
  submitLabel,
  pending,
  error,
  onSubmit,
  onResent,
  onChangeNumber,
}: {
  phone: string;
  /** When another code may be asked for (epoch ms). */
  resendAt: number;
  submitLabel: string;
  pending: boolean;
  /** The server's text for the last code tried. */
  error?: string | undefined;
  onSubmit: (code: string) => void;
  onResent: (resendAt: number) => void;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);
  const now = useNow(1000, resendAt > Date.now());
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  // Android's browsers read the code from the SMS themselves (WebOTP: its last line names this site), once
  // the user allows it; the code is filled in and sent as if typed
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;
  useEffect(() => {
    if (typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    const request = { otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        const received = codeOf(credential);
        if (received && /^\d{6}$/.test(received)) {
          setCode(received);
          submitRef.current(received);
        }
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [resendAt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };

  const resend = async () => {
    setResending(true);
    try {
      const sent = await sendSmsCode(phone);
      onResent(Date.now() + sent.resendInSeconds * 1000);
      setCode('');
      toast.success(t('auth.mobileId.sent'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('common.errors.generic')));
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('common.smsCode.label')}
        hint={t('common.smsCode.hint', { phone: spacedPhone(phone) })}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={SMS_CODE_LENGTH}
        className="text-lg tracking-[0.4em]"
        autoFocus
      />
      <Button type="submit" size="lg" fullWidth pending={pending}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onChangeNumber}
          className="min-h-11 text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline"
        >
          {t('common.smsCode.changeNumber')}
        </button>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={wait > 0 || resending}
          className="min-h-11 text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {wait > 0 ? t('common.smsCode.resendIn', { seconds: wait }) : t('common.smsCode.resend')}
        </button>
      </div>
    </form>
  );
}

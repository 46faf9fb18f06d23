import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { normalizePhone, phoneField } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { SmsCodeStep } from '../../../components/sms-code-step';
import { Button } from '../../../components/ui/button';
import { PhoneField } from '../../../components/ui/phone-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { setUserFlag } from '../../../lib/session';
import { sendSmsCode } from '../../../lib/sms-code';
import { useSmsSignIn } from '../api/sms-sign-in';

const mobileIdSchema = z.object({ phone: phoneField });
type MobileIdValues = z.input<typeof mobileIdSchema>;

/**
 * Mobile-ID: the phone gets a 6-digit code by SMS (the spec's toast once it is sent, and the user flag), and
 * the code signs in the account that proved that number. A number without such an account is offered
 * registration, with the number filled in.
 */
export function MobileIdForm({ onRegister }: { onRegister: (phone: string) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [sentTo, setSentTo] = useState<{ phone: string; resendAt: number }>();
  const [codeError, setCodeError] = useState<string>();
  const [unregistered, setUnregistered] = useState<string>();
  const signIn = useSmsSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MobileIdValues>({ resolver: zodResolver(mobileIdSchema), defaultValues: { phone: '' } });

  const onValid = async ({ phone }: MobileIdValues) => {
    const number = normalizePhone(phone);
    try {
      const sent = await sendSmsCode(number);
      setUserFlag();
      toast.success(t('auth.mobileId.sent'));
      setUnregistered(undefined);
      setCodeError(undefined);
      setSentTo({ phone: number, resendAt: Date.now() + sent.resendInSeconds * 1000 });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['phone']);
      toast.error(errorMessage(error, t('common.errors.generic')));
    }
  };

  const onInvalid = (invalid: typeof errors) => {
    if (invalid.phone?.message === 'required') toast.error(t('auth.mobileId.phoneRequired'));
  };

  const submitCode = async (code: string) => {
    if (!sentTo) return;
    setCodeError(undefined);
    try {
      await signIn.mutateAsync({ phone: sentTo.phone, code });
      toast.success(t('auth.login.success'));
    } catch (error) {
      if (isApiError(error) && error.code === 'PHONE_NOT_REGISTERED') {
        setUnregistered(sentTo.phone);
        return;
      }
      setCodeError(errorMessage(error, t('common.errors.generic')));
    }
  };

  if (unregistered) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-sm text-slate-200">{t('auth.mobileId.noAccount')}</p>
        <Button size="lg" fullWidth onClick={() => onRegister(unregistered)}>
          {t('auth.signUp')}
        </Button>
      </div>
    );
  }

  if (sentTo) {
    return (
      <SmsCodeStep
        phone={sentTo.phone}
        resendAt={sentTo.resendAt}
        submitLabel={t('auth.logIn')}
        pending={signIn.isPending}
        error={codeError}
        onSubmit={(code) => void submitCode(code)}
        onResent={(resendAt) => setSentTo({ ...sentTo, resendAt })}
        onChangeNumber={() => setSentTo(undefined)}
      />
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-4">
      <PhoneField
        label={t('auth.phoneNumber')}
        hint={t('auth.mobileId.hint')}
        error={errors.phone?.message === 'required' ? undefined : fieldErrorText(errors.phone?.message, language)}
        {...register('phone')}
      />
      <Button type="submit" size="lg" fullWidth pending={isSubmitting}>
        {t('auth.mobileId.send')}
      </Button>
    </form>
  );
}

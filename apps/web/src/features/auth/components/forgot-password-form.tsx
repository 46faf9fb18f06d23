import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordResetInput, type PasswordResetInput } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/password-reset';

/**
 * Forgot password: the e-mail of the account. The answer is the same whether or not an account has it, so
 * the screen says only that a link is on its way if one does.
 */
export function ForgotPasswordForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const reset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInput),
    defaultValues: { email: defaultEmail },
  });

  const onValid = async (values: PasswordResetInput) => {
    try {
      await reset.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email']);
      toast.error(errorMessage(error, t('common.errors.generic')));
    }
  };

  if (sentTo) {
    return (
      <p role="status" className="rounded-lg border border-navy-600 bg-navy-800 p-4 text-sm text-slate-200">
        {t('auth.forgot.sent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">{t('auth.forgot.hint')}</p>
      <TextField
        label={t('auth.eMail')}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={fieldErrorText(errors.email?.message, language)}
        {...register('email')}
      />
      <Button type="submit" size="lg" fullWidth pending={reset.isPending}>
        {t('auth.forgot.send')}
      </Button>
    </form>
  );
}

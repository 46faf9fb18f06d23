import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordField } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorText } from '../../../lib/form-errors';
import { useConfirmPasswordReset } from '../api/password-reset';

const resetSchema = z
  .object({ password: passwordField, repeat: z.string() })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], error: 'mismatch' });
type ResetValues = z.input<typeof resetSchema>;

/** A new password from a reset link; done, every session ends and the login screen follows. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { password: '', repeat: '' } });

  const onValid = async ({ password }: ResetValues) => {
    try {
      await confirm.mutateAsync({ token, password });
      toast.success(t('auth.reset.success'));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, t('common.errors.generic')));
    }
  };

  const linkDead = !token || (isApiError(confirm.error) && confirm.error.code === 'RESET_LINK_INVALID');
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {linkDead && (
        <p role="alert" className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3 text-sm text-amber-100">
          {t('auth.reset.invalidLink')}
        </p>
      )}
      <TextField
        label={t('auth.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.register.passwordHint')}
        error={fieldErrorText(errors.password?.message, language)}
        {...register('password')}
      />
      <TextField
        label={t('auth.reset.repeat')}
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message === 'mismatch' ? t('auth.reset.mismatch') : undefined}
        {...register('repeat')}
      />
      <Button type="submit" size="lg" fullWidth pending={confirm.isPending} disabled={!token}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}

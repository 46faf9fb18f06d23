import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { PHONE_PREFIX } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { setUserFlag } from '../../../lib/session';

const mobileIdSchema = z.object({ phone: z.string().trim().min(1, { error: 'required' }) });
type MobileIdValues = z.input<typeof mobileIdSchema>;

/**
 * Mobile-ID: a non-blank phone sets the user flag and confirms the SMS; there is no server
 * call, and the flag alone does not sign in.
 */
export function MobileIdForm() {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm<MobileIdValues>({
    resolver: zodResolver(mobileIdSchema),
    defaultValues: { phone: '' },
  });

  const onValid = () => {
    setUserFlag();
    toast.success(t('auth.mobileId.sent'));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, () => toast.error(t('auth.mobileId.phoneRequired')))}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('auth.phoneNumber')}
        prefix={PHONE_PREFIX}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="90 123 45 67"
        hint={t('auth.mobileId.hint')}
        {...register('phone')}
      />
      <Button type="submit" size="lg" fullWidth>
        {t('auth.mobileId.send')}
      </Button>
    </form>
  );
}

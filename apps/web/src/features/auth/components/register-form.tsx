import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { PhoneField } from '../../../components/ui/phone-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useRegister } from '../api/register';
import type { RegisterFormOutput, RegisterFormValues } from './register-form-schema';

const REGISTER_FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'password'] as const;

// zod comes when the form is first used (see the login form)
const resolver = lazyResolver(() => import('./form-resolvers').then((module) => module.registerResolver));

const EMPTY: RegisterFormValues = { first_name: '', last_name: '', email: '', phone_number: '', password: '' };

/**
 * Registration: all five fields non-blank (else the spec's toast), each checked like the server checks it;
 * the server's field texts are shown beside the fields too. Success returns to login mode.
 */
export function RegisterForm({
  onRegistered,
  defaultPhone = '',
}: {
  onRegistered: (email: string) => void;
  /** A number the user just proved by SMS (the Mobile-ID tab found no account for it), without +998. */
  defaultPhone?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { ...EMPTY, phone_number: defaultPhone } });

  const onValid = async (values: RegisterFormOutput) => {
    try {
      const user = await registration.mutateAsync(values);
      toast.success(t('auth.register.success'));
      reset(EMPTY);
      onRegistered(user.email);
    } catch (error) {
      applyServerFieldErrors(error, setError, REGISTER_FIELDS);
      if (isApiError(error) && error.code === 'EMAIL_TAKEN')
        setError('email', { type: 'server', message: error.message });
      toast.error(errorMessage(error, t('auth.register.failed')));
    }
  };

  const onInvalid = (invalid: typeof errors) => {
    if (Object.values(invalid).some((field) => field?.message === 'required')) toast.error(t('auth.register.fillAll'));
  };

  const error = (name: (typeof REGISTER_FIELDS)[number]) => fieldErrorText(errors[name]?.message, language);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocus={resolver.preload}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('auth.register.firstName')}
          autoComplete="given-name"
          error={error('first_name')}
          {...register('first_name')}
        />
        <TextField
          label={t('auth.register.lastName')}
          autoComplete="family-name"
          error={error('last_name')}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t('auth.eMail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <PhoneField
        label={t('auth.phoneNumber')}
        hint={t('auth.register.phoneHint')}
        error={error('phone_number')}
        {...register('phone_number')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.register.passwordHint')}
        error={error('password')}
        {...register('password')}
      />
      <Button type="submit" size="lg" fullWidth pending={registration.isPending}>
        {registration.isPending ? t('auth.register.pending') : t('auth.signUp')}
      </Button>
    </form>
  );
}

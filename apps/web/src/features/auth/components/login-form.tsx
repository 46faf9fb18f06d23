import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { webRoutes, type LoginInput } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useLogin } from '../api/login';

// zod comes when the form is first used: the first screen shows the form without it
const resolver = lazyResolver(() => import('./form-resolvers').then((module) => module.loginResolver));

/** E-mail and password (the Login tab). Blank fields: the spec's toast; success: toast and into the app. */
export function LoginForm({
  defaultEmail = '',
  onForgotPassword,
}: {
  defaultEmail?: string;
  /** Opens the forgot-password screen (the link also works as a plain link). */
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onValid = async (values: LoginInput) => {
    try {
      await login.mutateAsync(values);
      toast.success(t('auth.login.success'));
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email', 'password']);
      toast.error(errorMessage(error, t('auth.login.failed')));
    }
  };

  const onInvalid = (invalid: typeof errors) => {
    if (Object.values(invalid).some((field) => field?.message === 'required')) toast.error(t('auth.login.fillBoth'));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocus={resolver.preload}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('auth.eMail')}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={fieldErrorText(errors.email?.message, language)}
        {...register('email')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        error={fieldErrorText(errors.password?.message, language)}
        {...register('password')}
      />
      <div className="-mt-1 flex justify-end">
        <a
          href={webRoutes.forgotPassword}
          onClick={(event) => {
            event.preventDefault();
            onForgotPassword();
          }}
          className="inline-flex min-h-11 items-center text-sm text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline"
        >
          {t('auth.login.forgotPassword')}
        </a>
      </div>
      <Button type="submit" size="lg" fullWidth pending={login.isPending}>
        {login.isPending ? t('auth.login.pending') : t('auth.logIn')}
      </Button>
    </form>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_PREFIX, webRoutes } from '@yuk/shared';
import { clearSession } from '../../lib/session';
import { isLinkPending } from '../../lib/telegram';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Spinner } from '../../components/ui/spinner';
import { LoginMethods } from './components/login-methods';
import { RegisterForm } from './components/register-form';

// the recovery screens are rarely needed: their code loads when one is opened
const ForgotPasswordForm = lazy(() =>
  import('./components/forgot-password-form').then((module) => ({ default: module.ForgotPasswordForm })),
);
const ResetPasswordForm = lazy(() =>
  import('./components/reset-password-form').then((module) => ({ default: module.ResetPasswordForm })),
);

/** The token of a reset link: it travels in the fragment (#token=…), which no server ever receives. */
function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

type Mode = 'login' | 'register' | 'forgot' | 'reset';

/** The screen a path opens when signed out: the two recovery screens have their own, every other is login. */
function modeOfPath(pathname: string): Mode {
  if (pathname === webRoutes.forgotPassword) return 'forgot';
  if (pathname === webRoutes.resetPassword) return 'reset';
  return 'login';
}

const PATH_OF_MODE: Partial<Record<Mode, string>> = {
  forgot: webRoutes.forgotPassword,
  reset: webRoutes.resetPassword,
};

/**
 * The screen when not signed in: log in by one of three methods, create an account, ask for a password reset
 * link (/forgot-password) or set a new password with one (/reset-password#token=…).
 */
export function AuthPage() {
  const { t } = useTranslation();
  const [mode, setModeState] = useState<Mode>(() => modeOfPath(window.location.pathname));
  const [resetToken] = useState(() => resetTokenOf(window.location.hash));
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [provenPhone, setProvenPhone] = useState<string>();
  const titles: Record<Mode, string> = {
    login: t('auth.login.title'),
    register: t('auth.register.title'),
    forgot: t('auth.forgot.title'),
    reset: t('auth.reset.title'),
  };
  const title = titles[mode];
  useDocumentTitle(title);

  // the recovery screens have addresses of their own; the browser's Back leaves them
  const setMode = (next: Mode) => {
    const path = PATH_OF_MODE[next] ?? (modeOfPath(window.location.pathname) === 'login' ? undefined : webRoutes.home);
    if (path && path !== window.location.pathname) window.history.pushState(null, '', path);
    setModeState(next);
  };
  useEffect(() => {
    const onPop = () => setModeState(modeOfPath(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-[radial-gradient(ellipse_at_top,var(--color-navy-800),var(--color-navy-950)_60%)] px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-xl bg-blue-600 text-2xl font-bold text-white shadow-lg shadow-blue-950/50"
          >
            Y
          </span>
          <span className="text-sm text-slate-300">{t('auth.tagline')}</span>
        </div>
        <section
          aria-labelledby="auth-title"
          className="rounded-2xl border border-navy-700 bg-navy-900/95 p-6 shadow-2xl shadow-black/40 sm:p-8"
        >
          <h1 id="auth-title" className="mb-6 text-center text-2xl font-semibold tracking-tight text-white">
            {title}
          </h1>
          {mode === 'login' && isLinkPending() && (
            <p
              role="status"
              className="mb-4 rounded-lg bg-sky-400/10 p-3 text-sm text-sky-100 ring-1 ring-sky-400/30 ring-inset"
            >
              {t('auth.telegramHint')}
            </p>
          )}
          {mode === 'login' && (
            <LoginMethods
              defaultEmail={registeredEmail}
              onForgotPassword={() => setMode('forgot')}
              onRegisterPhone={(phone) => {
                setProvenPhone(phone.replace(PHONE_PREFIX, ''));
                setMode('register');
              }}
            />
          )}
          {mode === 'register' && (
            <RegisterForm
              defaultPhone={provenPhone}
              onRegistered={(email) => {
                setRegisteredEmail(email);
                setMode('login');
              }}
            />
          )}
          <Suspense fallback={<Spinner className="mx-auto my-6 size-6 text-sky-300" />}>
            {mode === 'forgot' && <ForgotPasswordForm defaultEmail={registeredEmail} />}
            {mode === 'reset' && (
              <ResetPasswordForm
                token={resetToken}
                onDone={() => {
                  // the server ended every session: this browser's too
                  clearSession();
                  window.history.replaceState(null, '', webRoutes.home);
                  setModeState('login');
                }}
              />
            )}
          </Suspense>
          <p className="mt-6 text-center text-sm text-slate-300">
            {mode === 'login' ? t('auth.login.noAccount') : mode === 'register' ? t('auth.register.haveAccount') : null}{' '}
            <button
              type="button"
              onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
              className="inline-flex min-h-11 items-center font-medium text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline"
            >
              {mode === 'login' ? t('auth.signUp') : mode === 'register' ? t('auth.logIn') : t('auth.forgot.back')}
            </button>
          </p>
        </section>
      </div>
    </main>
  );
}

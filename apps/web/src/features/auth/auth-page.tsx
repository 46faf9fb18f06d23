import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginMethods } from './components/login-methods';
import { RegisterForm } from './components/register-form';

type Mode = 'login' | 'register';

/** The only screen when not signed in (any path): log in by one of three methods, or create an account. */
export function AuthPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('login');
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const title = mode === 'login' ? t('auth.login.title') : t('auth.register.title');
  useDocumentTitle(title);

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
          {mode === 'login' ? (
            <LoginMethods defaultEmail={registeredEmail} />
          ) : (
            <RegisterForm
              onRegistered={(email) => {
                setRegisteredEmail(email);
                setMode('login');
              }}
            />
          )}
          <p className="mt-6 text-center text-sm text-slate-300">
            {mode === 'login' ? t('auth.login.noAccount') : t('auth.register.haveAccount')}{' '}
            <button
              type="button"
              onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
              className="font-medium text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline"
            >
              {mode === 'login' ? t('auth.signUp') : t('auth.logIn')}
            </button>
          </p>
        </section>
      </div>
    </main>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyIcon, PhoneIcon, UserIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { LoginForm } from './login-form';

// the SMS steps and the E-IMZO client load when their tab is chosen: the first screen carries only the Login tab
const MobileIdForm = lazy(() => import('./mobile-id-form').then((module) => ({ default: module.MobileIdForm })));
const EriKeyPanel = lazy(() => import('./eri-key-panel').then((module) => ({ default: module.EriKeyPanel })));

type Method = 'login' | 'mobile-id' | 'eri-key';

/** The three login methods as tabs: Login, Mobile-ID, ERI-Key. */
export function LoginMethods({
  defaultEmail,
  onForgotPassword,
  onRegisterPhone,
}: {
  defaultEmail?: string | undefined;
  onForgotPassword: () => void;
  /** Registration with a number that has no account yet. */
  onRegisterPhone: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('login');
  return (
    <Tabs
      label={t('auth.methods')}
      selected={method}
      onSelect={setMethod}
      items={[
        { key: 'login', label: t('auth.tabs.login'), icon: UserIcon },
        { key: 'mobile-id', label: t('auth.tabs.mobileId'), icon: PhoneIcon },
        { key: 'eri-key', label: t('auth.tabs.eriKey'), icon: KeyIcon },
      ]}
    >
      {method === 'login' && <LoginForm defaultEmail={defaultEmail} onForgotPassword={onForgotPassword} />}
      {method === 'mobile-id' && (
        <Suspense fallback={<Spinner className="mx-auto my-6 size-6 text-sky-300" />}>
          <MobileIdForm onRegister={onRegisterPhone} />
        </Suspense>
      )}
      {method === 'eri-key' && (
        <Suspense fallback={<Spinner className="mx-auto my-6 size-6 text-sky-300" />}>
          <EriKeyPanel onUsePassword={() => setMethod('login')} />
        </Suspense>
      )}
    </Tabs>
  );
}

import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@yuk/shared';
import { GlobeIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LANGUAGE_NAMES, useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EriSection } from './components/eri-section';
import { PhoneSection } from './components/phone-section';
import { ProfileSection } from './components/profile-section';
import { SessionsSection } from './components/sessions-section';

/**
 * Profile: the language buttons (the choice applies at once and is kept under `lang`), the proven phone, the
 * linked ERI key, and where the account is signed in.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  useDocumentTitle(t('terms.profile'));

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('terms.profile')} />
      <ProfileSection
        id="profile-language"
        icon={<GlobeIcon />}
        title={t('profile.language')}
        hint={t('profile.languageHint')}
      >
        <div role="group" aria-labelledby="profile-language" className="grid gap-3 sm:flex sm:flex-wrap">
          {LANGUAGES.map((lang) => {
            const active = lang === language;
            return (
              <button
                key={lang}
                type="button"
                lang={lang}
                aria-pressed={active}
                onClick={() => void setLanguage(lang)}
                className={cn(
                  'h-11 min-w-32 rounded-lg px-4 text-sm font-medium transition-colors',
                  active
                    ? 'bg-blue-600 text-white shadow'
                    : 'bg-navy-800 text-slate-100 ring-1 ring-navy-600 ring-inset hover:bg-navy-700',
                )}
              >
                {LANGUAGE_NAMES[lang]}
              </button>
            );
          })}
        </div>
      </ProfileSection>
      <div className="mt-6">
        <PhoneSection />
      </div>
      <div className="mt-6">
        <EriSection />
      </div>
      <div className="mt-6">
        <SessionsSection />
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';

/** A bar across the top while there is no network: what shows is the last copy seen, and read-only. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 bg-amber-400 px-4 py-2 text-center text-sm font-medium text-navy-950"
    >
      {t('common.offline.banner')}
    </div>
  );
}

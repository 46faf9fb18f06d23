import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/states';

/**
 * A page that could not be loaded or drawn: says so, with the error's own words when given, and offers a reload.
 * Shown by the router's error pages and by the app's own boundary, so it needs nothing of the router.
 */
export function PageFailed({ detail }: { detail?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl py-12">
      <ErrorState
        message={
          <>
            <span className="block font-semibold">{t('common.errors.page')}</span>
            <span className="mt-1 block text-sm text-red-200">{t('common.errors.pageHint')}</span>
            {detail && <span className="mt-2 block font-mono text-xs break-all text-red-200/90">{detail}</span>}
          </>
        }
        onRetry={() => window.location.reload()}
        retryLabel={t('common.errors.reload')}
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/states';

/** A page that failed to load or render (e.g. its code changed after an update): say so, offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
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

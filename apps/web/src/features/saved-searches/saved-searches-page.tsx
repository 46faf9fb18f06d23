import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_SAVED_SEARCHES, webRoutes, type SavedSearch } from '@yuk/shared';
import { toast } from '../../lib/toast';
import { SaveSearchDialog } from '../../components/save-search-dialog';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatNumber, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useDeleteSavedSearch, useSavedSearches } from './api/saved-searches';

/** One saved search: its name, lane, modes and limits, and the way to delete it. */
function SavedSearchCard({ search, onDelete }: { search: SavedSearch; onDelete: (search: SavedSearch) => void }) {
  const { t } = useTranslation();
  const place = (text: string) => text || t('savedSearches.anyPlace');
  const details = [
    search.modes.length ? search.modes.map((mode) => t(`terms.modes.${mode}`)).join(', ') : t('savedSearches.anyMode'),
    search.max_weight === null ? '' : t('savedSearches.upTo', { kg: formatNumber(search.max_weight) }),
    search.min_price === null ? '' : t('savedSearches.from', { usd: formatUsd(search.min_price) }),
  ].filter(Boolean);
  return (
    <article className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-navy-700 bg-navy-900 p-4">
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-white">{search.name}</h2>
        <p className="mt-1 text-slate-200">{`${place(search.origin)} → ${place(search.destination)}`}</p>
        <p className="mt-1 text-sm text-slate-400">{details.join(' · ')}</p>
        <p className="mt-1 text-xs text-slate-500">{formatDate(search.created_at)}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => onDelete(search)}>
        {t('terms.delete')}
      </Button>
    </article>
  );
}

/**
 * /saved-searches: my lanes (at most 20). A tender that opens matching one is announced in the app and on the
 * channels chosen in the notification settings.
 */
export function SavedSearchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.savedSearches'));
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const list = searches.data ?? [];
  const full = list.length >= MAX_SAVED_SEARCHES;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('savedSearches.deleted'));
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, t('savedSearches.deleteFailed'))),
    });
  };

  let body;
  if (searches.isPending) body = <LoadingState text={t('savedSearches.loading')} />;
  else if (searches.isError) {
    body = (
      <ErrorState
        message={errorMessage(searches.error, t('savedSearches.fetchFailed'))}
        onRetry={() => void searches.refetch()}
        retryLabel={t('common.retry')}
        retrying={searches.isRefetching}
      />
    );
  } else if (list.length === 0) {
    body = <EmptyState title={t('savedSearches.empty')} description={t('savedSearches.emptyHint')} />;
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label={t('terms.savedSearches')}>
        {list.map((search) => (
          <li key={search.id}>
            <SavedSearchCard search={search} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('terms.savedSearches')}
        subtitle={t('savedSearches.subtitle')}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={webRoutes.notificationSettings}
              className="text-sm text-sky-300 underline-offset-4 hover:underline"
            >
              {t('savedSearches.deliverySettings')}
            </Link>
            <Button onClick={() => setCreating(true)} disabled={full}>
              {t('savedSearches.newSearch')}
            </Button>
          </div>
        }
      />
      {searches.data && (
        <p className="mb-3 text-sm text-slate-400" role="status">
          {t('savedSearches.count', { n: list.length, max: MAX_SAVED_SEARCHES })}
        </p>
      )}
      {body}
      <SaveSearchDialog open={creating} onClose={() => setCreating(false)} initial={{}} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('savedSearches.deleteTitle')}
        confirmLabel={t('terms.delete')}
        pendingLabel={t('savedSearches.deleting')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        variant="danger"
      >
        {t('savedSearches.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / Next under a long list, with the rows shown ("21–40 / 57"); nothing when one page holds all. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('common.pager.label')} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-300" aria-live="polite">
        {t('common.pager.range', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon className="size-4" />
          {t('common.pager.previous')}
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.pager.next')}
          <ChevronRightIcon className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

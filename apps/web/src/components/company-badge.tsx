import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo, webRoutes } from '@yuk/shared';
import { cn } from '../lib/cn';
import { ShieldIcon } from './ui/icons';

/** The mark of a company a moderator has verified. */
export function VerifiedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-semibold text-emerald-200 ring-1 ring-emerald-400/40 ring-inset',
        className,
      )}
    >
      <ShieldIcon className="size-3.5" />
      {t('terms.verified')}
    </span>
  );
}

/** A company's name, linking to its public profile, with the verified mark when it has one. */
export function CompanyLink({ company }: { company: { id: number; name: string; verified: boolean } }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Link to={pathTo(webRoutes.company, { id: company.id })} className="text-sky-300 hover:underline">
        {company.name}
      </Link>
      {company.verified && <VerifiedBadge />}
    </span>
  );
}

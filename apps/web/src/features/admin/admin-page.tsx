import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  errorText,
  isTenderMode,
  pathTo,
  VERIFICATION_STATUSES,
  webRoutes,
  type AuditEntry,
  type Company,
  type VerificationStatus,
} from '@yuk/shared';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField } from '../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { StatusBadge } from '../../components/ui/status-badge';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useCompaniesForReview,
  useCompanyHistory,
  useDecideCompany,
  useGrantModerator,
  useQuotaHits,
  useReports,
  useHideReportSubject,
  useResolveReport,
  type CompanyDecision,
} from './api/moderation';
import { useTelegramChannels } from './api/telegram-channels';

type Asking = { company: Company; action: CompanyDecision } | null;

type Underscored<S extends string> = S extends `${infer Head}.${infer Tail}` ? `${Head}_${Tail}` : S;

/** The i18n key of an action's text: `company.suspended` → `admin.audit.actions.company_suspended`. */
const actionTextKey = (action: AuditEntry['action']) =>
  // each action has one dot: replacing it gives exactly the type's text
  `admin.audit.actions.${action.replace('.', '_') as Underscored<AuditEntry['action']>}` as const;

/**
 * A company's history from the audit trail, newest first: what was decided, by whom, when, why, and from
 * where. Read when its card is opened; the same call refreshes after each decision.
 */
function CompanyHistory({ companyId, id }: { companyId: number; id: string }) {
  const { t } = useTranslation();
  const history = useCompanyHistory(companyId);
  return (
    <section id={id} aria-label={t('admin.audit.historyOf')} className="rounded-lg bg-navy-800 p-3">
      {history.isPending ? (
        <LoadingState text={t('common.loading')} className="py-4" />
      ) : history.isError ? (
        <ErrorState message={errorMessage(history.error, t('admin.audit.failed'))} />
      ) : history.data.length === 0 ? (
        <EmptyState title={t('admin.audit.empty')} className="py-6" />
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {history.data.map((entry) => {
            const reason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
            return (
              <li key={entry.id} className="border-l-2 border-sky-400/60 pl-3">
                <p className="font-medium text-slate-100">{t(actionTextKey(entry.action))}</p>
                {reason && <p className="break-words text-slate-200">{t('admin.audit.reason', { reason })}</p>}
                <p className="text-slate-400">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {' · '}
                  {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('admin.audit.system')}
                  {entry.ip && <> · {entry.ip}</>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function CompanyCard({ company, onDecide }: { company: Company; onDecide: (action: CompanyDecision) => void }) {
  const { t } = useTranslation();
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-navy-700 bg-navy-900 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={pathTo(webRoutes.company, { id: company.id })} className="font-semibold text-sky-300 hover:underline">
          {company.name}
        </Link>
        <StatusBadge tone="grey" label={t(`companies.status.${company.verification_status}`)} />
        {company.suspended && <StatusBadge tone="red" label={t('companies.suspended')} />}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-400">{t('companies.fields.stir')}: </dt>
          <dd className="inline text-slate-100">{company.stir}</dd>
        </div>
        <div>
          <dt className="inline text-slate-400">{t('companies.fields.director')}: </dt>
          <dd className="inline text-slate-100">{company.director}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-400">{t('companies.fields.legalAddress')}: </dt>
          <dd className="inline break-words text-slate-100">{company.legal_address}</dd>
        </div>
        <div>
          <dt className="inline text-slate-400">{t('companies.fields.phone')}: </dt>
          <dd className="inline text-slate-100">{company.phone}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-3 text-sm">
        {(['licence', 'registration_certificate'] as const).map(
          (kind) =>
            company.documents[kind] && (
              <a
                key={kind}
                href={company.documents[kind]}
                target="_blank"
                rel="noreferrer"
                className="text-sky-300 hover:underline"
              >
                {t(`companies.documents.${kind}`)}
              </a>
            ),
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {company.verification_status === 'pending' && (
          <>
            <Button size="sm" onClick={() => onDecide('verify')}>
              {t('admin.verify')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => onDecide('reject')}>
              {t('admin.reject')}
            </Button>
          </>
        )}
        {company.suspended ? (
          <Button size="sm" variant="secondary" onClick={() => onDecide('unsuspend')}>
            {t('admin.unsuspend')}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => onDecide('suspend')}>
            {t('admin.suspend')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showHistory}
          aria-controls={showHistory ? historyId : undefined}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          {t('admin.audit.history')}
        </Button>
      </div>
      {showHistory && <CompanyHistory companyId={company.id} id={historyId} />}
    </li>
  );
}

function Reports() {
  const { t } = useTranslation();
  const headingId = useId();
  const reports = useReports();
  const resolve = useResolveReport();
  const hide = useHideReportSubject();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-white">
        {t('admin.reports')}
      </h2>
      {reports.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : reports.isError ? (
        <ErrorState message={errorMessage(reports.error, t('admin.failed'))} />
      ) : reports.data.length === 0 ? (
        <EmptyState title={t('admin.noReports')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.data.map((report) => (
            <li
              key={report.id}
              className="flex flex-col gap-2 rounded-xl border border-navy-700 bg-navy-900 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="text-sm">
                <p className="font-medium text-slate-100">
                  {t(`terms.reportReasons.${report.reason}`)} ·{' '}
                  {report.subject_type === 'company' ? (
                    <Link
                      to={pathTo(webRoutes.company, { id: report.subject_id })}
                      className="text-sky-300 hover:underline"
                    >
                      {t('admin.subjectCompany', { id: report.subject_id })}
                    </Link>
                  ) : report.subject_type === 'tender' ? (
                    <Link
                      to={pathTo(webRoutes.tender, { id: report.subject_id })}
                      className="text-sky-300 hover:underline"
                    >
                      {t('admin.subjectTender', { id: report.subject_id })}
                    </Link>
                  ) : (
                    t(report.subject_type === 'tender_question' ? 'admin.subjectQuestion' : 'admin.subjectMessage', {
                      id: report.subject_id,
                    })
                  )}
                </p>
                {report.subject_text && (
                  <blockquote className="mt-1 border-l-2 border-orange-400 pl-2 break-words whitespace-pre-wrap text-slate-200">
                    {report.subject_text}
                  </blockquote>
                )}
                {report.text && <p className="mt-1 break-words text-slate-300">{report.text}</p>}
                <p className="mt-1 text-slate-400">{formatDateTime(report.created_at)}</p>
              </div>
              {report.status === 'open' ? (
                <div className="flex flex-wrap gap-2">
                  {(report.subject_type === 'tender_question' || report.subject_type === 'shipment_message') && (
                    <Button size="sm" variant="danger" onClick={() => void hide.mutateAsync(report.id)}>
                      {t('admin.hide')}
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => void resolve.mutateAsync(report.id)}>
                    {t('admin.resolve')}
                  </Button>
                </div>
              ) : (
                <StatusBadge tone="green" label={t('admin.resolved')} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The periods the console offers for the quota refusals, in Tashkent days. */
const QUOTA_HIT_PERIODS = [1, 7, 30] as const;

/**
 * The accounts the write quotas refused most (a script, or someone's stuck button): who, which quota, how
 * often and when last, so a moderator can look at the account before its company.
 */
function QuotaHits() {
  const { t } = useTranslation();
  const headingId = useId();
  const [days, setDays] = useState<(typeof QUOTA_HIT_PERIODS)[number]>(7);
  const hits = useQuotaHits(days);
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {t('admin.quotaHits.title')}
        </h2>
        <SelectField
          label={t('admin.quotaHits.period')}
          containerClassName="max-w-xs"
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value) as (typeof QUOTA_HIT_PERIODS)[number])}
          options={QUOTA_HIT_PERIODS.map((value) => ({
            value: String(value),
            label: t('admin.quotaHits.days', { count: value }),
          }))}
        />
      </div>
      {hits.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : hits.isError ? (
        <ErrorState message={errorMessage(hits.error, t('admin.failed'))} />
      ) : hits.data.length === 0 ? (
        <EmptyState title={t('admin.quotaHits.none')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('admin.quotaHits.title')}>
          {hits.data.map((hit) => (
            <li
              key={`${hit.user_id}-${hit.quota}`}
              className="flex flex-col gap-1 rounded-xl border border-navy-700 bg-navy-900 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-100">
                  {hit.name} · <span className="text-slate-300">{hit.email}</span>
                </p>
                {hit.company && (
                  <Link to={pathTo(webRoutes.company, { id: hit.company.id })} className="text-sky-300 hover:underline">
                    {hit.company.name}
                  </Link>
                )}
              </div>
              <div className="text-slate-300 sm:text-right">
                <p>
                  {t(`admin.quotaHits.quotas.${hit.quota}`)} ·{' '}
                  <span className="font-semibold text-white">{t('admin.quotaHits.refused', { count: hit.hits })}</span>
                </p>
                <p className="text-slate-400">{t('admin.quotaHits.last', { time: formatDateTime(hit.last_hit_at) })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const MODE_KEYS = { plane: 'nav.plane', ship: 'nav.ship', truck: 'nav.truck', labo: 'nav.labo' } as const;

/** The tender channels in Telegram: where each mode is posted, the last post, a refusal and the failures. */
function TelegramChannels() {
  const { t } = useTranslation();
  const headingId = useId();
  const report = useTelegramChannels();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-white">
        {t('admin.channels.title')}
      </h2>
      {report.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : report.isError ? (
        <ErrorState message={errorMessage(report.error, t('admin.failed'))} />
      ) : report.data.channels.length === 0 ? (
        <EmptyState title={t('admin.channels.none')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('admin.channels.title')}>
          {report.data.channels.map((channel) => (
            <li key={channel.chat} className="rounded-xl border border-navy-700 bg-navy-900 p-4 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-100">
                {channel.chat}
                <span className="text-slate-400">
                  {channel.modes
                    .map((mode) => (isTenderMode(mode) ? t(MODE_KEYS[mode]) : t('admin.channels.otherModes')))
                    .join(', ')}
                </span>
                {channel.refused ? (
                  <StatusBadge tone="red" label={t('admin.channels.refused')} />
                ) : (
                  <StatusBadge tone="green" label={t('admin.channels.posting')} />
                )}
              </p>
              <p className="mt-1 text-slate-300">
                {channel.last_post
                  ? t('admin.channels.lastPost', {
                      number: channel.last_post.tender_number,
                      time: formatDateTime(channel.last_post.posted_at),
                      count: channel.posts,
                    })
                  : t('admin.channels.noPost')}
              </p>
              {channel.refused && (
                <p className="mt-1 text-red-200">
                  {t('admin.channels.refusedSince', {
                    time: formatDateTime(channel.refused.at),
                    error: channel.refused.error,
                  })}
                </p>
              )}
              {channel.failures.length > 0 && (
                <ul className="mt-2 flex flex-col gap-1 text-slate-300" aria-label={t('admin.channels.failures')}>
                  {channel.failures.map((failure) => (
                    <li key={`${failure.kind}-${failure.tender_id}-${failure.at}`}>
                      {t(failure.kind === 'edit' ? 'admin.channels.editFailed' : 'admin.channels.postFailed', {
                        number: failure.tender_number,
                        time: formatDateTime(failure.at),
                      })}
                      {failure.error && <span className="text-slate-400"> · {failure.error}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Moderators() {
  const { t } = useTranslation();
  const headingId = useId();
  const grant = useGrantModerator();
  const [email, setEmail] = useState('');
  const submit = async () => {
    try {
      const granted = await grant.mutateAsync(email);
      toast.success(t('admin.moderatorGranted', { email: granted.email }));
      setEmail('');
    } catch (error) {
      toast.error(errorMessage(error, t('admin.failed')));
    }
  };
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-navy-700 bg-navy-900 p-5">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-white">
        {t('admin.moderators')}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('admin.moderatorEmail')}
          type="email"
          value={email}
          containerClassName="flex-1"
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" pending={grant.isPending} disabled={email.trim() === ''}>
          {t('admin.grant')}
        </Button>
      </form>
    </section>
  );
}

/**
 * The moderators' console. Anyone else who opens its address sees the one refusal the server would give
 * to each of its calls, and none of its controls (the server still checks every call).
 */
export function AdminPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const user = useCurrentUser();
  useDocumentTitle(t('nav.admin'));
  if (user && user.role !== 'moderator') {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t('nav.admin')} subtitle={t('admin.subtitle')} />
        <ErrorState message={errorText('MODERATOR_ONLY', language)} />
      </div>
    );
  }
  return <ModerationConsole />;
}

/**
 * /admin, for moderators: companies to review (pending first) with their documents, verify or reject with a
 * reason, suspend and unsuspend with a reason; and the reports. The server refuses all of it to anyone else.
 */
function ModerationConsole() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VerificationStatus | ''>('pending');
  const companies = useCompaniesForReview(status);
  const decide = useDecideCompany();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const needsReason = asking?.action === 'reject' || asking?.action === 'suspend';

  const run = async () => {
    if (!asking) return;
    try {
      await decide.mutateAsync({
        id: asking.company.id,
        action: asking.action,
        ...(needsReason ? { reason } : {}),
      });
      toast.success(t(`admin.done.${asking.action}`, { name: asking.company.name }));
      setAsking(null);
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, t('admin.failed')));
    }
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('nav.admin')} subtitle={t('admin.subtitle')} />
      <SelectField
        label={t('admin.show')}
        containerClassName="mb-4 max-w-xs"
        value={status}
        onChange={(event) => setStatus(event.target.value as VerificationStatus | '')}
        options={[
          ...VERIFICATION_STATUSES.map((value) => ({ value, label: t(`companies.status.${value}`) })),
          { value: '', label: t('admin.allCompanies') },
        ]}
      />
      {companies.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : companies.isError ? (
        <ErrorState message={errorMessage(companies.error, t('admin.failed'))} />
      ) : companies.data.length === 0 ? (
        <EmptyState title={t('admin.noCompanies')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin.companies')}>
          {companies.data.map((company) => (
            <CompanyCard key={company.id} company={company} onDecide={(action) => setAsking({ company, action })} />
          ))}
        </ul>
      )}
      <Reports />
      <QuotaHits />
      <TelegramChannels />
      <Moderators />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`admin.${asking.action}`) : ''}
        confirmLabel={asking ? t(`admin.${asking.action}`) : ''}
        pendingLabel={t('admin.pending')}
        pending={decide.isPending}
        variant={asking?.action === 'reject' || asking?.action === 'suspend' ? 'danger' : 'primary'}
        onConfirm={() => (needsReason && reason.trim() === '' ? toast.error(t('admin.reasonNeeded')) : void run())}
        onClose={() => setAsking(null)}
      >
        <p className="mb-3">{asking && t('admin.confirm', { name: asking.company.name })}</p>
        {needsReason && (
          <TextAreaField label={t('admin.reason')} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </ConfirmDialog>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  LANGUAGES,
  TENDER_IMPORT_MAX_BYTES,
  TENDER_IMPORT_MAX_ROWS,
  apiPaths,
  webRoutes,
  type Language,
  type TenderImportCheck,
  type TenderImportRow,
} from '@yuk/shared';
import { toast } from '../../lib/toast';
import { downloadCsv } from '../../components/csv-download';
import { Button } from '../../components/ui/button';
import { FileField } from '../../components/ui/file-field';
import { DataTable, type Column } from '../../components/ui/table';
import { PageHeader } from '../../components/ui/page-header';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatDate, formatNumber, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckTenderImport, useImportTenders } from './api/import-tenders';

const sectionClass = 'mb-6 rounded-xl border border-navy-700 bg-navy-900 p-4 sm:p-5';

/** What one row gives: the tender it would create, or each failing cell's column and message. */
function RowResult({ row }: { row: TenderImportRow }) {
  const { t } = useTranslation();
  if (row.ok) {
    const tender = row.tender;
    return (
      <div className="min-w-0 text-slate-100">
        <p className="font-medium break-words">{tender.name}</p>
        <p className="text-slate-300 break-words">
          {tender.origin_location} → {tender.destination_location} · {tender.cargo_type} ·{' '}
          {t('orders.import.weight', { kg: formatNumber(tender.cargo_weight) })} · {formatUsd(tender.initial_price)}
        </p>
        <p className="text-slate-400">
          {formatDate(tender.shipment_date)} – {formatDate(tender.delivery_date)}
        </p>
      </div>
    );
  }
  return (
    <ul className="min-w-0 list-none space-y-1 text-red-200">
      {row.errors.map((error, index) => (
        <li key={`${error.field}-${index}`} className="break-words">
          <span className="font-medium">{error.field === '*' ? t('orders.import.wholeRow') : error.column}</span>
          {': '}
          {error.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * /orders/import: tenders from a CSV file. The template comes in each language; a first step sends the file as a dry
 * run and shows each row's verdict; the import itself is offered only when every row passes, because the
 * server creates all rows or none.
 */
export function ImportTendersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sectionId = useId();
  useDocumentTitle(t('orders.import.title'));

  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<TenderImportCheck | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [templateBusy, setTemplateBusy] = useState<Language | null>(null);
  const checking = useCheckTenderImport();
  const importing = useImportTenders();

  const downloadTemplate = async (lang: Language) => {
    setTemplateBusy(lang);
    try {
      await downloadCsv(
        apiPaths.tenders.importTemplate,
        { lang },
        `tender-import-${lang}.csv`,
        t('orders.import.templateFailed'),
      );
    } catch (error) {
      toast.error(errorMessage(error, t('orders.import.templateFailed')));
    } finally {
      setTemplateBusy(null);
    }
  };

  /** The dry run; `keepError`: the import's own refusal stays shown beside the fresh verdicts. */
  const runCheck = (chosen: File, keepError = false) => {
    if (!keepError) setFileError(null);
    checking.mutate(chosen, {
      onSuccess: (answer) => setCheck(answer),
      onError: (error) => {
        setCheck(null);
        setFileError(errorMessage(error, t('orders.import.checkFailed')));
      },
    });
  };

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('orders.import.noFile'));
      return;
    }
    runCheck(file);
  };

  // a file whose tenders would pass the tender quota is refused whole: the import waits, as for a failing row
  const ready = check !== null && check.invalid === 0 && check.valid > 0 && !check.over_quota;
  const onImport = () => {
    if (!file || !ready) return;
    importing.mutate(file, {
      onSuccess: (result) => {
        toast.success(t('orders.import.done', { n: formatNumber(result.created) }));
        void navigate(webRoutes.orders);
      },
      onError: (error) => {
        setFileError(errorMessage(error, t('orders.import.failed')));
        // the file's rows were judged again and some failed (e.g. a date passed): show the fresh verdicts;
        // refused by the tender quota: the dry run says how many the quota allows now, beside the refusal
        if (isApiError(error) && error.code === 'IMPORT_INVALID_ROWS') runCheck(file);
        if (isApiError(error) && error.code === 'RATE_LIMITED') runCheck(file, true);
      },
    });
  };

  const columns: Column<TenderImportRow>[] = [
    { key: 'line', header: t('orders.import.line'), cell: (row) => formatNumber(row.line), align: 'right' },
    {
      key: 'verdict',
      header: t('orders.import.verdict'),
      cell: (row) =>
        row.ok ? (
          <span className="text-emerald-300">{t('orders.import.rowReady')}</span>
        ) : (
          <span className="text-red-300">{t('orders.import.rowFailed')}</span>
        ),
    },
    {
      key: 'result',
      header: t('orders.import.result'),
      cell: (row) => <RowResult row={row} />,
      className: 'whitespace-normal! min-w-0 sm:min-w-80',
    },
  ];

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('orders.import.title')}
        subtitle={t('orders.import.subtitle')}
        actions={
          <Link
            to={webRoutes.orders}
            className="inline-flex h-10 items-center text-sm text-sky-300 underline-offset-4 hover:underline max-sm:h-11"
          >
            {t('orders.import.back')}
          </Link>
        }
      />

      <section className={sectionClass} aria-labelledby={`${sectionId}-template`}>
        <h2 id={`${sectionId}-template`} className="text-base font-semibold text-white">
          {t('orders.import.templateTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-300">{t('orders.import.templateHint')}</p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
          {LANGUAGES.map((lang) => (
            <Button
              key={lang}
              variant="link"
              pending={templateBusy === lang}
              onClick={() => void downloadTemplate(lang)}
            >
              {t(`orders.import.template.${lang}`)}
            </Button>
          ))}
        </div>
      </section>

      <form className={sectionClass} onSubmit={onCheck} noValidate>
        <FileField
          label={t('orders.import.file')}
          accept=".csv,text/csv"
          selected={file}
          hint={t('orders.import.fileHint', {
            mb: formatNumber(TENDER_IMPORT_MAX_BYTES / 1024 / 1024),
            rows: formatNumber(TENDER_IMPORT_MAX_ROWS),
          })}
          onSelect={(chosen) => {
            setFile(chosen);
            setCheck(null);
            setFileError(null);
          }}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" pending={checking.isPending}>
            {checking.isPending ? t('orders.import.checking') : t('orders.import.check')}
          </Button>
          <Button onClick={onImport} disabled={!ready} pending={importing.isPending}>
            {importing.isPending
              ? t('orders.import.importing')
              : t('orders.import.submit', { n: formatNumber(ready ? check.valid : 0) })}
          </Button>
        </div>
        {fileError && (
          <p role="alert" className="mt-4 rounded-lg border border-red-800 bg-red-950/60 p-3 text-sm text-red-100">
            {fileError}
          </p>
        )}
        {check?.over_quota && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-amber-700 bg-amber-950/60 p-3 text-sm break-words text-amber-100"
          >
            {check.over_quota.error}
          </p>
        )}
      </form>

      {check && (
        <section aria-labelledby={`${sectionId}-rows`}>
          <h2 id={`${sectionId}-rows`} className="mb-1 text-base font-semibold text-white">
            {t('orders.import.rowsTitle')}
          </h2>
          <p role="status" className="mb-3 text-sm text-slate-300">
            {check.rows.length === 0
              ? t('orders.import.noRows')
              : t('orders.import.summary', { valid: formatNumber(check.valid), invalid: formatNumber(check.invalid) })}
          </p>
          {check.invalid > 0 && <p className="mb-3 text-sm text-amber-200">{t('orders.import.fixRows')}</p>}
          {check.rows.length > 0 && (
            <DataTable
              columns={columns}
              rows={check.rows}
              rowKey={(row) => row.line}
              caption={t('orders.import.rowsTitle')}
            />
          )}
        </section>
      )}
    </div>
  );
}

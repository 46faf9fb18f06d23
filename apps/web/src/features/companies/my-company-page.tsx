import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_DOCUMENTS,
  COMPANY_KINDS,
  companyInput,
  FILE_INPUT_ACCEPT,
  type Company,
  type CompanyDocument,
  type CompanyInput,
} from '@yuk/shared';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField } from '../../components/ui/select-field';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { StatusBadge, type BadgeTone } from '../../components/ui/status-badge';
import { FileField } from '../../components/ui/file-field';
import { TextField } from '../../components/ui/text-field';
import { useLanguage } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMyCompany, useRequestVerification, useSaveMyCompany, type CompanyFiles } from './api/my-company';

const statusTone: Record<Company['verification_status'], BadgeTone> = {
  unverified: 'grey',
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
};

const FIELDS = ['name', 'stir', 'kind', 'legal_address', 'director', 'phone'] as const;

function CompanyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const save = useSaveMyCompany();
  const send = useRequestVerification();
  const [files, setFiles] = useState<CompanyFiles>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<CompanyDocument, string>>>({});
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyInput>({
    resolver: zodResolver(companyInput),
    defaultValues: {
      name: company.name,
      stir: company.stir,
      kind: company.kind ?? 'carrier',
      legal_address: company.legal_address,
      director: company.director,
      phone: company.phone,
    },
  });
  const error = (name: (typeof FIELDS)[number]) => fieldErrorText(errors[name]?.message, language);

  const onValid = async (values: CompanyInput) => {
    setFileErrors({});
    try {
      const saved = await save.mutateAsync({ values, files });
      setFiles({});
      // a verified company that changed what was checked waits for a moderator again: say so
      const backToReview = company.verification_status === 'verified' && saved.verification_status === 'pending';
      toast.success(t(backToReview ? 'companies.mine.backToReview' : 'companies.mine.saved'));
    } catch (failure) {
      applyServerFieldErrors(failure, setError, FIELDS);
      const fields = (failure as { fields?: Record<string, string> }).fields ?? {};
      setFileErrors(Object.fromEntries(COMPANY_DOCUMENTS.filter((d) => fields[d]).map((d) => [d, fields[d]])));
      toast.error(errorMessage(failure, t('companies.mine.saveFailed')));
    }
  };

  const sendForReview = async () => {
    try {
      await send.mutateAsync();
      toast.success(t('companies.mine.sent'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('companies.mine.sendFailed')));
    }
  };

  const canSend = company.verification_status === 'unverified' || company.verification_status === 'rejected';
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="company-status"
        className="flex flex-col gap-3 rounded-xl border border-navy-700 bg-navy-900 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="company-status" className="mb-1 font-semibold text-white">
            {t('companies.mine.status')}{' '}
            <StatusBadge
              tone={statusTone[company.verification_status]}
              label={t(`companies.status.${company.verification_status}`)}
            />
            {company.suspended && <StatusBadge className="ml-2" tone="red" label={t('companies.suspended')} />}
          </h2>
          <p className="text-sm text-slate-300">{t(`companies.mine.statusHint.${company.verification_status}`)}</p>
          {company.rejection_reason && (
            <p className="mt-1 text-sm text-red-200">
              {t('companies.mine.reason', { reason: company.rejection_reason })}
            </p>
          )}
          {company.suspension_reason && (
            <p className="mt-1 text-sm text-red-200">
              {t('companies.mine.reason', { reason: company.suspension_reason })}
            </p>
          )}
        </div>
        {canSend && (
          <Button onClick={() => void sendForReview()} pending={send.isPending}>
            {t('companies.mine.send')}
          </Button>
        )}
      </section>

      <form
        noValidate
        onSubmit={handleSubmit(onValid, () => toast.error(t('errors.VALIDATION_FAILED')))}
        className="flex flex-col gap-6 rounded-xl border border-navy-700 bg-navy-900 p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('companies.fields.name')} error={error('name')} {...register('name')} />
          <TextField
            label={t('companies.fields.stir')}
            inputMode="numeric"
            hint={t('companies.fields.stirHint')}
            error={error('stir')}
            {...register('stir')}
          />
          <SelectField
            label={t('companies.fields.kind')}
            options={COMPANY_KINDS.map((kind) => ({ value: kind, label: t(`companies.kinds.${kind}`) }))}
            error={error('kind')}
            {...register('kind')}
          />
          <TextField
            label={t('companies.fields.phone')}
            type="tel"
            autoComplete="tel"
            error={error('phone')}
            {...register('phone')}
          />
          <TextField
            label={t('companies.fields.legalAddress')}
            containerClassName="sm:col-span-2"
            error={error('legal_address')}
            {...register('legal_address')}
          />
          <TextField label={t('companies.fields.director')} error={error('director')} {...register('director')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {COMPANY_DOCUMENTS.map((kind) => (
            <FileField
              key={kind}
              label={t(`companies.documents.${kind}`)}
              accept={FILE_INPUT_ACCEPT}
              selected={files[kind]}
              current={
                company.documents[kind] && (
                  <a
                    href={company.documents[kind]}
                    target="_blank"
                    rel="noreferrer"
                    className="text-sky-300 hover:underline"
                  >
                    {t('companies.documents.current')}
                  </a>
                )
              }
              hint={t('companies.documents.hint')}
              error={fileErrors[kind]}
              onSelect={(file) => {
                setFiles((current) => ({ ...current, [kind]: file }));
                // the server's word on the file it had is no longer about what is chosen
                setFileErrors((current) => ({ ...current, [kind]: undefined }));
              }}
            />
          ))}
        </div>
        <div className="flex justify-end">
          <Button type="submit" size="lg" pending={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** /company: my company profile, its documents, and its review by moderators. */
export function MyCompanyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.company'));
  const company = useMyCompany();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('nav.company')} subtitle={t('companies.mine.subtitle')} />
      {company.data ? (
        <CompanyForm company={company.data} />
      ) : company.isError ? (
        <ErrorState
          message={t('companies.mine.loadFailed')}
          onRetry={() => void company.refetch()}
          retryLabel={t('common.retry')}
          retrying={company.isFetching}
        />
      ) : (
        <LoadingState text={t('common.loading')} />
      )}
    </div>
  );
}

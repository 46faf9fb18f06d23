import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  groupDigits,
  WAYBILL_FINAL_STATUSES,
  WAYBILL_STATUS_TEXT,
  type Shipment,
  type WaybillState,
  type WaybillStatus,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { EriSignFlow } from '../../../components/eri-sign-flow';
import { Button } from '../../../components/ui/button';
import { AlertMessage, ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import { shipmentKeys } from '../../../lib/query-keys';
import type { EimzoKey } from '../../../lib/eimzo';
import { downloadWaybillPdf, signWaybillSteps, useCreateWaybill, useWaybill } from '../api/waybill';
import { CarrierPartForm, ShipperPartForm } from './waybill-forms';
import { WaybillSheetView } from './waybill-sheet';

const STATUS_TONE: Record<WaybillStatus, BadgeTone> = {
  not_created: 'grey',
  draft: 'yellow',
  consignor_signed: 'blue',
  carrier_accepted: 'blue',
  delivered: 'green',
  returned: 'orange',
  rejected: 'red',
};

function WaybillStatusLine({ state }: { state: WaybillState }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-400">{t('terms.itemStatus')}:</span>
        <span data-testid="waybill-status">
          <StatusBadge label={WAYBILL_STATUS_TEXT[state.status][language]} tone={STATUS_TONE[state.status]} />
        </span>
      </div>
      {state.didox_id && (
        <p className="break-all text-slate-300">{t('shipments.waybill.didoxNumber', { id: state.didox_id })}</p>
      )}
      {state.status_reason && (
        <p className="text-red-200">{t('shipments.waybill.reason', { reason: state.status_reason })}</p>
      )}
      <p className="text-slate-300">
        {state.rate
          ? t('shipments.waybill.rate', {
              rate: groupDigits(Number(state.rate.rate), 2, 2),
              date: formatDate(state.rate.date),
            })
          : t('shipments.waybill.rateMissing')}
      </p>
    </div>
  );
}

function WaybillHistory({ state }: { state: WaybillState }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (state.history.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-white">{t('shipments.waybill.history')}</h3>
      <ol className="flex flex-col gap-1 text-sm text-slate-300">
        {state.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            {formatDateTime(entry.at)} · {WAYBILL_STATUS_TEXT[entry.status][language]} (
            {t(`shipments.waybill.by.${entry.by}`)}){entry.note ? ` · ${entry.note}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

function PdfButton({ number }: { number: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadWaybillPdf(number);
    } catch (failure) {
      toast.error(errorMessage(failure, t('shipments.waybill.pdfFailed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} pending={pending}>
      {t('shipments.waybill.pdf')}
    </Button>
  );
}

/**
 * What I do next at Didox: the shipper forms the draft (opening the company's session with an ERI key first
 * when Didox asks for it) and signs it; the carrier accepts the goods and confirms the handover. Each signature
 * goes through the local E-IMZO, the award's signing flow.
 */
function WaybillActions({ state }: { state: WaybillState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateWaybill(state.number);
  const [needsSession, setNeedsSession] = useState(false);
  const [createError, setCreateError] = useState<string>();
  const store = (next: WaybillState | undefined) => {
    if (next) queryClient.setQueryData(shipmentKeys.waybill(state.number), next);
  };
  const describeError = (failure: unknown) => errorMessage(failure, t('shipments.waybill.signFailed'));

  const formAtDidox = async () => {
    setCreateError(undefined);
    try {
      await create.mutateAsync();
      setNeedsSession(false);
      toast.success(t('shipments.waybill.created'));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'DIDOX_SESSION_REQUIRED') setNeedsSession(true);
      else setCreateError(errorMessage(failure, t('shipments.waybill.createFailed')));
    }
  };

  if (state.my_side === 'owner' && !state.didox_id) {
    return (
      <div className="flex flex-col gap-3">
        {needsSession ? (
          <>
            <p className="text-sm text-slate-300">{t('shipments.waybill.sessionHint')}</p>
            <EriSignFlow
              label={t('shipments.waybill.session')}
              describeError={describeError}
              onSign={async (key: EimzoKey) => {
                store(await signWaybillSteps(state.number, key, { sessionOnly: true }));
                setNeedsSession(false);
                await formAtDidox();
              }}
            />
          </>
        ) : (
          <div>
            <Button onClick={() => void formAtDidox()} pending={create.isPending} disabled={state.missing.length > 0}>
              {t('shipments.waybill.create')}
            </Button>
          </div>
        )}
        {createError && <AlertMessage>{createError}</AlertMessage>}
      </div>
    );
  }
  if (!state.next_step) return null;
  return (
    <EriSignFlow
      label={t(`shipments.waybill.steps.${state.next_step}`)}
      describeError={describeError}
      onSign={async (key: EimzoKey) => {
        store(await signWaybillSteps(state.number, key));
        toast.success(t('shipments.waybill.signed'));
      }}
    />
  );
}

/**
 * The shipment page's e-waybill (e-TTN) for both parties: its status at Didox with Didox's number and the
 * Central Bank rate used, what is still missing, my part of the fields, what I sign next, the waybill as a
 * document, its history and its PDF. Without Didox set up on the server it says so and nothing else.
 */
export function WaybillPanel({ shipment, className }: { shipment: Shipment; className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const waybill = useWaybill(shipment.number);

  let body;
  if (waybill.isPending) body = <LoadingState text={t('shipments.waybill.loading')} />;
  else if (waybill.isError) {
    body = (
      <ErrorState
        message={errorMessage(waybill.error, t('shipments.waybill.loadFailed'))}
        onRetry={() => void waybill.refetch()}
        retryLabel={t('common.retry')}
        retrying={waybill.isRefetching}
      />
    );
  } else if (!waybill.data.enabled) {
    body = <p className="text-sm text-slate-300">{t('shipments.waybill.notSetUp')}</p>;
  } else {
    const state = waybill.data;
    const formed = state.didox_id !== null;
    body = (
      <div className="flex flex-col gap-4">
        <WaybillStatusLine state={state} />
        {!formed && <p className="text-sm text-slate-300">{t('shipments.waybill.intro')}</p>}
        {state.missing.length > 0 && (
          <div className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
            <p className="font-medium">{t('shipments.waybill.missing')}</p>
            <ul className="mt-1 list-disc pl-5" aria-label={t('shipments.waybill.missing')}>
              {state.missing.map((name) => (
                <li key={name}>{t(`shipments.waybill.fields.${name}`, { defaultValue: name })}</li>
              ))}
            </ul>
          </div>
        )}
        {!formed && (
          <details className="rounded-lg border border-navy-700 p-3" open={state.missing.length > 0}>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-white">
              {t('shipments.waybill.myPart')}
            </summary>
            <p className="mb-3 text-sm text-slate-400">
              {state.my_side === 'carrier'
                ? t('shipments.waybill.theirPartOwner')
                : t('shipments.waybill.theirPartCarrier')}
            </p>
            {state.my_side === 'carrier' ? (
              <CarrierPartForm state={state} defaultPlate={shipment.vehicle?.plate ?? null} />
            ) : (
              <ShipperPartForm state={state} />
            )}
          </details>
        )}
        {!WAYBILL_FINAL_STATUSES.includes(state.status) && <WaybillActions state={state} />}
        <WaybillSheetView sheet={state.sheet} />
        <WaybillHistory state={state} />
        {formed && (
          <div>
            <PdfButton number={state.number} />
          </div>
        )}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6', className)}
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('shipments.waybill.title')}
      </h2>
      {body}
    </section>
  );
}

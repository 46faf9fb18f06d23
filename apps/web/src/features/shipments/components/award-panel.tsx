import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_SIDES, readAwardDocument, type AwardSide, type AwardState, type Shipment } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { EriSignFlow } from '../../../components/eri-sign-flow';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { signDataWithKey, type EimzoKey } from '../../../lib/eimzo';
import { formatDateTime } from '../../../lib/format';
import { downloadAwardP7s, useAward, useSignAward } from '../api/award';
import { AwardSheetView } from './award-sheet';

const SIDE_LABEL = {
  owner: 'shipments.fields.ownerName',
  carrier: 'shipments.fields.carrierName',
} as const satisfies Record<AwardSide, string>;

/** One side's own .p7s, or (without a side) the award with both signatures in one. */
function P7sButton({ number, side }: { number: string; side?: AwardSide }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadAwardP7s(number, side);
    } catch (failure) {
      toast.error(errorMessage(failure, t('shipments.award.downloadFailed')));
    } finally {
      setPending(false);
    }
  };
  if (!side) {
    return (
      <Button onClick={() => void download()} pending={pending}>
        {t('shipments.award.downloadBoth')}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      onClick={() => void download()}
      pending={pending}
      aria-label={t('shipments.award.downloadLabel', { side: t(SIDE_LABEL[side]) })}
    >
      {t('shipments.award.download')}
    </Button>
  );
}

/** Each side: who signed it and when (the timestamp's time), or that it is not signed yet. */
function AwardSignatures({ award }: { award: AwardState }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3">
      {AWARD_SIDES.map((side) => {
        const signature = award.signatures.find((each) => each.side === side);
        return (
          <li
            key={side}
            data-testid={`award-side-${side}`}
            className="flex flex-col gap-2 rounded-lg border border-navy-700 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-white">
                {t(SIDE_LABEL[side])}{' '}
                {side === award.my_side && <span className="text-slate-400">{t('shipments.award.you')}</span>}
              </p>
              <p className={signature ? 'break-words text-emerald-200' : 'text-slate-400'}>
                {signature
                  ? t('shipments.award.signedBy', {
                      name: signature.stir ? `${signature.signer_name} (${signature.stir})` : signature.signer_name,
                      date: formatDateTime(signature.timestamped_at),
                    })
                  : t('shipments.award.notSigned')}
              </p>
            </div>
            {signature && <P7sButton number={award.number} side={side} />}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The award as a document, and under it the exact text the signatures cover, for whoever checks a .p7s
 * against it; a text this screen cannot read as an award is shown as it is.
 */
function SignedAward({ text }: { text: string }) {
  const { t } = useTranslation();
  const award = useMemo(() => readAwardDocument(text), [text]);
  const exact = (
    <pre
      aria-label={t('shipments.award.document')}
      tabIndex={0}
      className="max-h-56 overflow-auto rounded-lg border border-navy-700 bg-navy-950 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-200"
    >
      {text}
    </pre>
  );
  if (!award) return exact;
  return (
    <>
      <AwardSheetView award={award} />
      <details className="text-sm text-slate-300">
        <summary className="cursor-pointer py-1 hover:text-white">{t('shipments.award.document')}</summary>
        <div className="mt-2">{exact}</div>
      </details>
    </>
  );
}

/**
 * The signed award on the shipment page: the award as a document over the exact text both parties sign,
 * who has signed, and for my side, signing with a key of the local E-IMZO.
 */
export function AwardPanel({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const headingId = useId();
  const award = useAward(shipment.number);
  const signAward = useSignAward(shipment.number);

  const signWith = async (key: EimzoKey, state: AwardState) => {
    const pkcs7 = await signDataWithKey(key, state.document_base64);
    await signAward.mutateAsync(pkcs7);
    toast.success(t('shipments.award.signed'));
  };
  const describeError = (failure: unknown) =>
    isApiError(failure) && failure.code === 'ERI_UNAVAILABLE'
      ? t('shipments.award.unavailable')
      : errorMessage(failure, t('shipments.award.failed'));

  let body;
  if (award.isPending) body = <LoadingState text={t('shipments.award.loading')} />;
  else if (award.isError) {
    body = (
      <ErrorState
        message={errorMessage(award.error, t('shipments.award.loadFailed'))}
        onRetry={() => void award.refetch()}
        retryLabel={t('common.retry')}
        retrying={award.isRefetching}
      />
    );
  } else {
    const state = award.data;
    const mine = state.signatures.some((each) => each.side === state.my_side);
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-300">{t('shipments.award.intro')}</p>
        <SignedAward text={state.document} />
        <AwardSignatures award={state} />
        {state.signatures.length === AWARD_SIDES.length && (
          <div className="flex flex-col gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-emerald-100">{t('shipments.award.bothHint')}</p>
            <P7sButton number={state.number} />
          </div>
        )}
        {!mine && (
          <EriSignFlow
            label={t('shipments.award.sign')}
            onSign={(key) => signWith(key, state)}
            describeError={describeError}
          />
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('shipments.award.title')}
      </h2>
      {body}
    </section>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { EIMZO_DOWNLOAD_URL, isEimzoError, isKeyUsable, listKeys, type EimzoKey } from '../lib/eimzo';
import { formatDate } from '../lib/format';
import { useEimzoApiKeys } from '../lib/public-config';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What a failed E-IMZO call means to the user; E-IMZO's own reason when it gave one. */
export function eimzoErrorText(error: unknown, t: TFunction): string {
  if (isEimzoError(error)) {
    if (error.kind === 'not-running') return t('common.eri.notRunning');
    if (error.kind === 'timeout') return t('common.eri.timeout');
    return t('common.eri.refused', { reason: error.message });
  }
  return t('common.errors.generic');
}

type Listing = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; keys: EimzoKey[] };

/**
 * The keys E-IMZO holds on this computer, one button each: a key file by its owner, organisation, STIR and end
 * date (an expired one greyed, not choosable), an ID card as such, by its reader (E-IMZO reads the card and asks
 * its PIN when it signs). E-IMZO not running: what to install, and a retry.
 */
export function EriKeyList({
  onChoose,
  pendingKeyId,
  disabled = false,
}: {
  onChoose: (key: EimzoKey) => void;
  /** The key being signed with: its button shows the wait. */
  pendingKeyId?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  // E-IMZO is given the site's API keys before it is asked anything: the listing waits for them
  const { apiKeys, ready } = useEimzoApiKeys();

  const load = useCallback(() => {
    if (!ready) return;
    setListing({ state: 'loading' });
    listKeys(apiKeys).then(
      (keys) => setListing({ state: 'ready', keys }),
      (error: unknown) => setListing({ state: 'failed', error }),
    );
  }, [apiKeys, ready]);
  useEffect(load, [load]);

  if (listing.state === 'loading') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-slate-300">
        <Spinner className="size-4" /> {t('common.eri.reading')}
      </p>
    );
  }

  if (listing.state === 'failed') {
    const notRunning = isEimzoError(listing.error) && listing.error.kind === 'not-running';
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
      >
        <p className="text-amber-100">{eimzoErrorText(listing.error, t)}</p>
        {notRunning && (
          <a
            href={EIMZO_DOWNLOAD_URL}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center font-medium text-sky-300 underline-offset-4 hover:underline"
          >
            {t('common.eri.install')}
          </a>
        )}
        <Button variant="secondary" onClick={load}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  if (listing.keys.length === 0) {
    return (
      <div role="status" className="flex flex-col gap-3 text-sm text-slate-300">
        <p>{t('common.eri.noKeys')}</p>
        <Button variant="secondary" onClick={load}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  return (
    <ul aria-label={t('common.eri.keys')} className="flex flex-col gap-2">
      {listing.keys.map((key) => {
        const usable = isKeyUsable(key);
        const pending = pendingKeyId === key.id;
        return (
          <li key={key.id}>
            <button
              type="button"
              disabled={!usable || disabled || pendingKeyId !== undefined}
              aria-busy={pending || undefined}
              onClick={() => onChoose(key)}
              className={cn(
                'flex min-h-11 w-full flex-col gap-0.5 rounded-lg px-4 py-3 text-left text-sm ring-1 ring-inset transition-colors',
                usable
                  ? 'bg-navy-800 text-slate-100 ring-navy-600 hover:bg-navy-700 disabled:cursor-wait'
                  : 'cursor-not-allowed bg-navy-900 text-slate-500 ring-navy-800',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                {pending && <Spinner className="size-4" />}
                {key.kind === 'idcard' ? t('common.eri.idCard') : key.owner}
              </span>
              {key.kind === 'idcard' ? (
                <span className="text-slate-300">{t('common.eri.idCardReader', { reader: key.reader })}</span>
              ) : (
                <>
                  {key.organisation && <span>{key.organisation}</span>}
                  {key.stir && <span>{t('common.eri.stir', { stir: key.stir })}</span>}
                  <span className={usable ? 'text-slate-300' : undefined}>
                    {usable
                      ? t('common.eri.validTo', { date: formatDate(key.validTo) })
                      : t('common.eri.expired', { date: formatDate(key.validTo) })}
                  </span>
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

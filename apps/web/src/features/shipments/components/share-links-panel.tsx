import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_LINK_DAYS_AFTER_DELIVERY, type ShareLink, type Shipment } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCreateShareLink, useRevokeAllShareLinks, useRevokeShareLink } from '../api/share-links';

interface KeptLink extends ShareLink {
  created_at: string;
}

/**
 * A link's token is shown once (the server keeps only its hash): the links made on this device are kept here,
 * so that they can be copied again and revoked; "revoke every link" reaches those made elsewhere too.
 */
const keptKey = (number: string) => `yuk.share-links.${number}`;

function readKept(number: string): KeptLink[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keptKey(number)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (link): link is KeptLink =>
            typeof link === 'object' &&
            link !== null &&
            typeof (link as KeptLink).token === 'string' &&
            typeof (link as KeptLink).url === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeKept(number: string, links: KeptLink[]): void {
  try {
    if (links.length === 0) localStorage.removeItem(keptKey(number));
    else localStorage.setItem(keptKey(number), JSON.stringify(links));
  } catch {
    // not kept: the link still works, and "revoke every link" still reaches it
  }
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function LinkRow({ link, onRevoke, revoking }: { link: KeptLink; onRevoke: () => void; revoking: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-navy-700 bg-navy-850 p-3">
      <label htmlFor={inputId} className="text-xs text-slate-400">
        {t('shipments.tracking.links.link')} ·{' '}
        {t('shipments.tracking.links.madeAt', { time: formatDateTime(link.created_at) })}
      </label>
      <input
        id={inputId}
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
        className="h-11 w-full min-w-0 rounded-lg border border-navy-600 bg-navy-950 px-3 font-mono text-sm text-slate-100"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void copy(link.url).then((done) =>
              done
                ? toast.success(t('shipments.tracking.links.copied'))
                : toast.error(t('shipments.tracking.links.copyFailed')),
            )
          }
        >
          {t('shipments.tracking.links.copy')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRevoke} pending={revoking}>
          {t('shipments.tracking.links.revoke')}
        </Button>
      </div>
    </li>
  );
}

/** Tracking links for the receiver, for the owner and the carrier alike: create, copy, revoke. */
export function ShareLinksPanel({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { number } = shipment;
  const [links, setLinks] = useState(() => readKept(number));
  const [confirmAll, setConfirmAll] = useState(false);
  const create = useCreateShareLink(number);
  const revoke = useRevokeShareLink(number);
  const revokeAll = useRevokeAllShareLinks(number);

  // links end 7 days after the delivery: none can be made after that
  const ended =
    shipment.delivered_at !== null &&
    Date.parse(shipment.delivered_at) + SHARE_LINK_DAYS_AFTER_DELIVERY * 86_400_000 <= Date.now();
  if (ended) return null;

  const keep = (next: KeptLink[]) => {
    writeKept(number, next);
    setLinks(next);
  };

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (link) => {
        keep([{ ...link, created_at: new Date().toISOString() }, ...readKept(number)]);
        toast.success(t('shipments.tracking.links.created'));
      },
      onError: (error) => toast.error(errorMessage(error, t('shipments.tracking.links.createFailed'))),
    });

  const drop = (token: string) =>
    revoke.mutate(token, {
      onSuccess: () => {
        keep(readKept(number).filter((link) => link.token !== token));
        toast.success(t('shipments.tracking.links.revoked'));
      },
      onError: (error) => {
        // already revoked (here or elsewhere): it is gone all the same
        if (isApiError(error) && error.status === 404) keep(readKept(number).filter((link) => link.token !== token));
        else toast.error(errorMessage(error, t('shipments.tracking.links.revokeFailed')));
      },
    });

  const dropAll = () =>
    revokeAll.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        keep([]);
        setConfirmAll(false);
        toast.success(t('shipments.tracking.links.revokedAll', { n: revoked }));
      },
      onError: (error) => toast.error(errorMessage(error, t('shipments.tracking.links.revokeFailed'))),
    });

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-navy-700 bg-navy-850/60 p-4"
    >
      <h3 id={titleId} className="font-semibold text-white">
        {t('shipments.tracking.links.title')}
      </h3>
      <p className="text-sm text-slate-300">{t('shipments.tracking.links.explain')}</p>
      {links.length > 0 && (
        <ul aria-label={t('shipments.tracking.links.madeHere')} className="flex flex-col gap-2">
          {links.map((link) => (
            <LinkRow
              key={link.token}
              link={link}
              onRevoke={() => drop(link.token)}
              revoking={revoke.isPending && revoke.variables === link.token}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={make} pending={create.isPending}>
          {create.isPending ? t('shipments.tracking.links.creating') : t('shipments.tracking.links.create')}
        </Button>
        <Button variant="ghost" onClick={() => setConfirmAll(true)}>
          {t('shipments.tracking.links.revokeAll')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        title={t('shipments.tracking.links.revokeAllTitle')}
        confirmLabel={t('shipments.tracking.links.revokeAll')}
        pendingLabel={t('shipments.tracking.links.revokingAll')}
        pending={revokeAll.isPending}
        onConfirm={dropAll}
        onClose={() => setConfirmAll(false)}
        variant="danger"
      >
        {t('shipments.tracking.links.revokeAllText')}
      </ConfirmDialog>
    </div>
  );
}

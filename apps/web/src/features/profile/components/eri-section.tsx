import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { EriSignFlow } from '../../../components/eri-sign-flow';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { KeyIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { signWithKey, type EimzoKey } from '../../../lib/eimzo';
import { formatDate } from '../../../lib/format';
import { fetchEriChallenge, useLinkEri, useMyEriLink, useUnlinkEri } from '../api/eri';
import { ProfileSection } from './profile-section';

/**
 * The ERI key that signs this account in: the current link, linking a key (a fresh challenge signed with it
 * in E-IMZO) and unlinking it after a confirmation.
 */
export function EriSection() {
  const { t } = useTranslation();
  const link = useMyEriLink();
  const linkEri = useLinkEri();
  const unlinkEri = useUnlinkEri();
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  const linkWith = async (key: EimzoKey) => {
    const { challenge } = await fetchEriChallenge();
    const pkcs7 = await signWithKey(key, challenge);
    await linkEri.mutateAsync(pkcs7);
    toast.success(t('profile.eri.linked'));
  };

  const unlink = async () => {
    try {
      await unlinkEri.mutateAsync();
      setConfirmUnlink(false);
      toast.success(t('profile.eri.unlinked'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('common.errors.generic')));
    }
  };

  const current = link.data;
  return (
    <ProfileSection
      id="profile-eri"
      icon={<KeyIcon />}
      title={t('profile.eri.title')}
      hint={current ? t('profile.eri.linkedHint') : t('profile.eri.hint')}
    >
      {link.isPending ? (
        <Spinner className="mx-auto size-5 text-sky-300" />
      ) : link.isError ? (
        <p role="alert" className="text-sm text-red-200">
          {errorMessage(link.error, t('common.errors.generic'))}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {current && (
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-400">{t('profile.eri.holder')}</dt>
              <dd className="text-slate-100">{current.name}</dd>
              <dt className="text-slate-400">{t('profile.eri.pinfl')}</dt>
              <dd className="text-slate-100">{current.pinfl}</dd>
              {current.stir && (
                <>
                  <dt className="text-slate-400">{t('companies.fields.stir')}</dt>
                  <dd className="text-slate-100">{current.stir}</dd>
                </>
              )}
              <dt className="text-slate-400">{t('profile.eri.validTo')}</dt>
              <dd className="text-slate-100">{formatDate(current.valid_to)}</dd>
            </dl>
          )}
          <EriSignFlow
            label={current ? t('profile.eri.relink') : t('profile.eri.link')}
            onSign={linkWith}
            describeError={(failure) =>
              isApiError(failure) && failure.code === 'ERI_ALREADY_LINKED'
                ? errorMessage(failure, t('profile.eri.taken'))
                : errorMessage(failure, t('common.errors.generic'))
            }
            className="flex flex-col gap-3 sm:flex-row"
          >
            {current && (
              <Button variant="secondary" onClick={() => setConfirmUnlink(true)}>
                {t('profile.eri.unlink')}
              </Button>
            )}
          </EriSignFlow>
        </div>
      )}
      <ConfirmDialog
        open={confirmUnlink}
        title={t('profile.eri.unlinkTitle')}
        confirmLabel={t('profile.eri.unlink')}
        pendingLabel={t('common.loading')}
        pending={unlinkEri.isPending}
        variant="danger"
        onConfirm={() => void unlink()}
        onClose={() => setConfirmUnlink(false)}
      >
        {t('profile.eri.unlinkQuestion')}
      </ConfirmDialog>
    </ProfileSection>
  );
}

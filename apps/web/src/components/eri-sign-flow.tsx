import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isEimzoError, type EimzoKey } from '../lib/eimzo';
import { eimzoErrorText, EriKeyList } from './eri-key-list';
import { Button } from './ui/button';
import { AlertMessage } from './ui/states';

/**
 * Signing with a key of the local E-IMZO: a button that opens the list of keys (key files and ID cards), the
 * chosen key's wait while `onSign` runs, a way back, and the failure in words (E-IMZO's, or `describeError`'s
 * for the server's). The signed award, the e-waybill and the profile's key link sign through it.
 */
export function EriSignFlow({
  label,
  onSign,
  describeError,
  disabled = false,
  className,
  children,
}: {
  label: string;
  /** Signs with the chosen key and sends what was signed; a rejection is shown, the list stays open. */
  onSign: (key: EimzoKey) => Promise<void>;
  describeError: (failure: unknown) => string;
  disabled?: boolean;
  /** The row of the start button and `children`, more buttons beside it while no key is being chosen. */
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const [pendingKeyId, setPendingKeyId] = useState<string>();
  const [error, setError] = useState<string>();

  const signWith = async (key: EimzoKey) => {
    setError(undefined);
    setPendingKeyId(key.id);
    try {
      await onSign(key);
      setChoosing(false);
    } catch (failure) {
      setError(isEimzoError(failure) ? eimzoErrorText(failure, t) : describeError(failure));
    } finally {
      setPendingKeyId(undefined);
    }
  };

  return (
    <>
      {choosing ? (
        <>
          <EriKeyList onChoose={(key) => void signWith(key)} pendingKeyId={pendingKeyId} />
          <Button variant="secondary" onClick={() => setChoosing(false)} disabled={pendingKeyId !== undefined}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <div className={className}>
          <Button
            disabled={disabled}
            onClick={() => {
              setError(undefined);
              setChoosing(true);
            }}
          >
            {label}
          </Button>
          {children}
        </div>
      )}
      {error && <AlertMessage>{error}</AlertMessage>}
    </>
  );
}

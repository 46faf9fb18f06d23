import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EriChallenge } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { eimzoErrorText, EriKeyList } from '../../../components/eri-key-list';
import { Button } from '../../../components/ui/button';
import { KeyIcon } from '../../../components/ui/icons';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { isEimzoError, signWithKey, type EimzoKey } from '../../../lib/eimzo';
import { setUserFlag } from '../../../lib/session';
import { fetchEriChallenge, useEriSignIn } from '../api/eri-sign-in';
import { AlertMessage } from '../../../components/ui/states';

type Step = 'start' | 'choose' | 'unavailable' | 'not-linked';

// a challenge this close to its end is fetched again before signing: the signature must reach the server in time
const CHALLENGE_MARGIN_MS = 15_000;

/**
 * ERI-Key: choosing to log in with a key sets the user flag (as the spec has it), takes a challenge from the server,
 * lists the keys E-IMZO holds, signs the challenge with the chosen one and signs in with it. A signer linked to
 * no account is offered the password, to link the key from the profile.
 */
export function EriKeyPanel({ onUsePassword }: { onUsePassword: () => void }) {
  const { t } = useTranslation();
  const signIn = useEriSignIn();
  const [step, setStep] = useState<Step>('start');
  const [starting, setStarting] = useState(false);
  const [pendingKeyId, setPendingKeyId] = useState<string>();
  const [error, setError] = useState<string>();
  const challenge = useRef<{ value: EriChallenge; until: number }>(undefined);

  const freshChallenge = async (): Promise<string> => {
    const held = challenge.current;
    if (held && held.until - CHALLENGE_MARGIN_MS > Date.now()) return held.value.challenge;
    const value = await fetchEriChallenge();
    challenge.current = { value, until: Date.now() + value.ttl * 1000 };
    return value.challenge;
  };

  /** The server's refusals that change the screen; any other is shown with the server's text. */
  const onServerError = (failure: unknown) => {
    if (isApiError(failure) && failure.code === 'ERI_UNAVAILABLE') setStep('unavailable');
    else if (isApiError(failure) && failure.code === 'ERI_NOT_LINKED') setStep('not-linked');
    else setError(errorMessage(failure, t('common.errors.generic')));
  };

  const start = async () => {
    setUserFlag();
    setError(undefined);
    setStarting(true);
    try {
      challenge.current = undefined;
      await freshChallenge();
      setStep('choose');
    } catch (failure) {
      onServerError(failure);
    } finally {
      setStarting(false);
    }
  };

  const choose = async (key: EimzoKey) => {
    setError(undefined);
    setPendingKeyId(key.id);
    try {
      const text = await freshChallenge();
      const pkcs7 = await signWithKey(key, text);
      // the challenge is spent, signed in or not
      challenge.current = undefined;
      await signIn.mutateAsync({ pkcs7 });
      toast.success(t('auth.login.success'));
    } catch (failure) {
      if (isEimzoError(failure)) setError(eimzoErrorText(failure, t));
      else onServerError(failure);
    } finally {
      setPendingKeyId(undefined);
    }
  };

  if (step === 'unavailable') {
    return (
      <p role="status" className="text-center text-sm text-slate-300">
        {t('auth.eriKey.unavailable')}
      </p>
    );
  }

  if (step === 'not-linked') {
    return (
      <div role="status" className="flex flex-col gap-4">
        <p className="text-sm text-slate-200">{t('auth.eriKey.notLinked')}</p>
        <Button size="lg" fullWidth onClick={onUsePassword}>
          {t('auth.eriKey.usePassword')}
        </Button>
        <Button variant="secondary" fullWidth onClick={() => setStep('choose')}>
          {t('auth.eriKey.otherKey')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {step === 'start' ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-navy-800 text-sky-300">
            <KeyIcon className="size-7" />
          </span>
          <p className="text-sm text-slate-300">{t('auth.eriKey.hint')}</p>
          <Button size="lg" fullWidth pending={starting} onClick={() => void start()}>
            {t('auth.eriKey.select')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-300">{t('auth.eriKey.choose')}</p>
          <EriKeyList onChoose={(key) => void choose(key)} pendingKeyId={pendingKeyId} />
          {pendingKeyId && (
            <p role="status" className="text-sm text-slate-300">
              {t('auth.eriKey.signing')}
            </p>
          )}
        </>
      )}
      {error && <AlertMessage>{error}</AlertMessage>}
    </div>
  );
}

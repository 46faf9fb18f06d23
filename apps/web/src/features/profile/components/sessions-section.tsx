import { useTranslation } from 'react-i18next';
import type { UserSession } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { KeyIcon } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useMySessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';
import { ProfileSection } from './profile-section';

/** "Chrome 131 · Android 14", from what the server read in the user agent. */
function deviceOf(session: UserSession, unknown: string): string {
  const parts = [session.browser, session.os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : unknown;
}

/**
 * Where my account is signed in: each session with its device, address and times, this one marked. Any other
 * can be signed out here (a lost phone, a shared computer), or all of them at once.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const sessions = useMySessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  if (!user) return null;

  const endOne = async (id: string) => {
    try {
      await signOut.mutateAsync(id);
      toast.success(t('profile.sessions.signedOut'));
    } catch (error) {
      toast.error(errorMessage(error, t('profile.sessions.failed')));
    }
  };
  const endOthers = async () => {
    try {
      const done = await signOutOthers.mutateAsync();
      toast.success(t('profile.sessions.signedOutOthers', { count: done.signed_out }));
    } catch (error) {
      toast.error(errorMessage(error, t('profile.sessions.failed')));
    }
  };

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <ProfileSection
      id="profile-sessions"
      icon={<KeyIcon />}
      title={t('profile.sessions.title')}
      hint={t('profile.sessions.hint')}
    >
      {sessions.isPending ? (
        <LoadingState text={t('common.loading')} className="py-6" />
      ) : sessions.isError ? (
        <ErrorState message={errorMessage(sessions.error, t('profile.sessions.loadFailed'))} />
      ) : (
        <>
          <ul aria-label={t('profile.sessions.list')} className="flex flex-col gap-3">
            {sessions.data.map((session) => {
              const device = deviceOf(session, t('profile.sessions.unknownDevice'));
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 rounded-lg bg-navy-800 p-4 ring-1 ring-navy-700 ring-inset sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-100">
                      {device}
                      {session.current && <StatusBadge tone="green" label={t('profile.sessions.current')} />}
                    </p>
                    <p className="mt-1 text-slate-300">
                      {t('profile.sessions.lastUsed', { time: formatDateTime(session.last_used_at) })}
                    </p>
                    <p className="text-slate-400">
                      {t('profile.sessions.signedIn', { time: formatDateTime(session.created_at) })}
                      {session.ip && <> · {t('profile.sessions.address', { ip: session.ip })}</>}
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('profile.sessions.signOutNamed', { device })}
                      pending={signOut.isPending && signOut.variables === session.id}
                      onClick={() => void endOne(session.id)}
                    >
                      {t('profile.sessions.signOut')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="danger"
              className="mt-4 max-sm:w-full"
              pending={signOutOthers.isPending}
              onClick={() => void endOthers()}
            >
              {t('profile.sessions.signOutOthers')}
            </Button>
          ) : (
            <p className="mt-4 text-sm text-slate-300">{t('profile.sessions.onlyThis')}</p>
          )}
        </>
      )}
    </ProfileSection>
  );
}

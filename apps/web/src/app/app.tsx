import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { webRoutes } from '@yuk/shared';
import { toast } from '../lib/toast';
import { OfflineBanner } from '../components/offline-banner';
import { FullScreenLoader } from '../components/ui/states';
import { loadFeatureTexts } from '../i18n';
import { hasAccessToken, useSession } from '../lib/session';
import { AppErrorBoundary } from './app-error-boundary';
import { startServiceWorker } from './service-worker';
import { linkTelegramOnSignIn, useSessionBootstrap } from './session';

/** A page's code together with the texts of the signed-in pages in the language in use, both at once. */
const withFeatureTexts = <M,>(page: Promise<M>): Promise<M> =>
  Promise.all([page, loadFeatureTexts()]).then(([module]) => module);
const loadRouter = () => withFeatureTexts(import('./router'));
const loadAuthPage = () => import('../features/auth/auth-page');
const AppRouter = lazy(loadRouter);
const AuthPage = lazy(() => loadAuthPage().then((module) => ({ default: module.AuthPage })));
// a tracking link's page opens for anyone, signed in or not (the receiver has no account)
const PublicTrackPage = lazy(() => withFeatureTexts(import('../features/tracking/public-track-page')));
const TRACK_PAGES = webRoutes.track.slice(0, webRoutes.track.indexOf(':'));
const isTrackPage = (pathname: string) => pathname.startsWith(TRACK_PAGES);

/**
 * The session decides the screen: a loading screen until the start-up check ends, the login screen on any
 * path when signed out, the app's pages when signed in.
 */
export function App() {
  const { t } = useTranslation();
  useSessionBootstrap();
  const { status } = useSession();

  // fetch the likely next screen's code while the start-up check runs (a failed download is told by the
  // screen itself when it loads, through the error boundary)
  useEffect(() => {
    (hasAccessToken() ? loadRouter() : loadAuthPage()).catch(() => undefined);
  }, []);

  // inside Telegram, a user the launch could not sign in is linked by the sign-in that follows
  useEffect(
    () =>
      linkTelegramOnSignIn((linked) => {
        if (linked) toast.success(t('auth.telegramLinked'));
        else toast.error(t('auth.telegramLinkFailed'));
      }),
    [t],
  );

  // a new version is offered, never forced on a page in use
  useEffect(() => {
    startServiceWorker((reload) =>
      toast(t('common.update.ready'), {
        id: 'app-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: t('common.update.reload'), onClick: reload },
      }),
    );
  }, [t]);

  const loader = <FullScreenLoader label={t('common.loading')} />;
  if (isTrackPage(window.location.pathname)) {
    return (
      <AppErrorBoundary>
        <Suspense fallback={loader}>
          <PublicTrackPage />
        </Suspense>
      </AppErrorBoundary>
    );
  }
  if (status === 'loading') return loader;
  // a reset link opened in a browser that is still signed in sets the password all the same
  const resetting = window.location.pathname === webRoutes.resetPassword;
  return (
    <>
      <OfflineBanner />
      <AppErrorBoundary>
        <Suspense fallback={loader}>{status === 'signed-in' && !resetting ? <AppRouter /> : <AuthPage />}</Suspense>
      </AppErrorBoundary>
    </>
  );
}

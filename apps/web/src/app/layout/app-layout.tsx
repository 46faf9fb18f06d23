import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { cn } from '../../lib/cn';
import { inTelegram, useTelegramBackButton } from '../../lib/telegram';
import { SMALL_SCREEN_UP, useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import { BottomNav } from './bottom-nav';
import { SideNav } from './side-nav';

const NAV_ID = 'side-nav';

/**
 * The signed-in shell: the side navigation on the left (open by default; collapsed on narrow screens, where
 * opening it lays it over the page) and the page on the right. On a phone and inside Telegram the side rail
 * gives way to a bottom navigation, whose More opens the full menu over the page; inside Telegram its Back
 * button goes back.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_SCREEN);
  const bottom = !useMediaQuery(SMALL_SCREEN_UP) || inTelegram();
  const [open, setOpen] = useState(wide);
  const location = useLocation();
  const { pathname } = location;
  const navigation = useNavigation();
  const navigate = useNavigate();
  // the first page of the visit has the key 'default': there is nowhere to go back to from it
  useTelegramBackButton(location.key !== 'default', () => void navigate(-1));

  // follow the screen: wide opens the navigation, narrow collapses it; on narrow screens a move collapses it too
  const [seen, setSeen] = useState({ wide, pathname });
  if (seen.wide !== wide || seen.pathname !== pathname) {
    setSeen({ wide, pathname });
    if (seen.wide !== wide) setOpen(wide);
    else if (!wide) setOpen(false);
  }

  const overlay = open && !wide;
  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-blue-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      {(!bottom || open) && <SideNav id={NAV_ID} open={open} onToggle={() => setOpen((value) => !value)} />}
      {overlay && <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/60" onClick={() => setOpen(false)} />}
      <div
        className={cn(
          'min-w-0 transition-[padding] duration-200',
          bottom ? 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]' : cn('pl-17', open && 'md:pl-50'),
        )}
      >
        {navigation.state === 'loading' && (
          <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-sky-400" />
        )}
        <main
          id="main"
          tabIndex={-1}
          aria-busy={navigation.state === 'loading' || undefined}
          className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
      {bottom && <BottomNav menuId={NAV_ID} menuOpen={open} onMenu={() => setOpen((value) => !value)} />}
    </div>
  );
}

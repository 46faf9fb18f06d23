import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { CountBadge } from '../../components/ui/count-badge';
import { MenuIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';
import { bottomNavItems, isUnder, type NavItem } from './nav-items';

function Badge({ useCount }: { useCount: () => number | undefined }) {
  const { t } = useTranslation();
  const count = useCount() ?? 0;
  return <CountBadge count={count} label={t('nav.badge', { count })} className="absolute top-1 left-1/2 ml-1" />;
}

const itemClass = (active: boolean) =>
  cn(
    'relative flex min-h-14 w-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-0.5 text-[11px] leading-tight font-medium',
    active ? 'text-sky-300' : 'text-slate-300 hover:text-white',
  );

function BottomLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ItemIcon = item.icon;
  // the Tenders item stays lit on a mode's list and on a tender's page
  const active = isUnder(pathname, item.to) || (item.children?.some((child) => isUnder(pathname, child.to)) ?? false);
  return (
    <li className="flex min-w-0 flex-1">
      <NavLink to={item.to} className={itemClass(active)} aria-current={active ? 'page' : undefined}>
        <ItemIcon className="size-6" />
        <span className="block w-full truncate text-center">{t(item.labelKey)}</span>
        {/* after the label, so the link reads "Notifications, 3 new"; drawn over the icon's corner */}
        {item.useBadgeCount && <Badge useCount={item.useBadgeCount} />}
      </NavLink>
    </li>
  );
}

/**
 * The navigation at the bottom of a phone's screen (and inside Telegram): the four places used most, within
 * the thumb's reach, and More, which opens the full menu.
 */
export function BottomNav({
  menuId,
  menuOpen,
  onMenu,
  items = bottomNavItems(),
}: {
  menuId: string;
  menuOpen: boolean;
  onMenu: () => void;
  /** The places shown; the four used most of the side navigation's items when absent. */
  items?: readonly NavItem[];
}) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.bottom')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-navy-800 bg-navy-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-xl items-stretch gap-1 px-1">
        {items.map((item) => (
          <BottomLink key={item.to} item={item} />
        ))}
        <li className="flex min-w-0 flex-1">
          <button
            type="button"
            onClick={onMenu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            className={itemClass(menuOpen)}
          >
            <MenuIcon className="size-6" />
            <span className="block w-full truncate text-center">{t('nav.more')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

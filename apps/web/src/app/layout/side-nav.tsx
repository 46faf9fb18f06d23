import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { webRoutes } from '@yuk/shared';
import { CountBadge } from '../../components/ui/count-badge';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, LogoutIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth/api/logout';
import { cn } from '../../lib/cn';
import { isUnder, NAV_ITEMS, type NavItem } from './nav-items';

const linkBase =
  'relative flex h-10 max-sm:h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors hover:bg-navy-800 hover:text-white';

function linkClass(open: boolean, active: boolean, inside = false) {
  return cn(
    linkBase,
    open ? 'px-3' : 'justify-center px-0',
    active ? 'bg-navy-800 text-white' : inside ? 'text-white' : 'text-slate-300',
    active &&
      'before:absolute before:top-2 before:bottom-2 before:left-0 before:w-1 before:rounded-r before:bg-sky-400',
  );
}

function NavBadge({ useCount, open }: { useCount: () => number | undefined; open: boolean }) {
  const { t } = useTranslation();
  const count = useCount() ?? 0;
  return (
    <CountBadge
      count={count}
      label={t('nav.badge', { count })}
      // over the icon's corner in both widths, so the label keeps its full width
      className={open ? 'absolute top-0 left-1' : 'absolute top-0.5 right-1.5'}
    />
  );
}

function ItemLink({ item, open, child = false }: { item: NavItem; open: boolean; child?: boolean }) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const ItemIcon = item.icon;
  return (
    <NavLink
      to={item.to}
      title={open ? undefined : label}
      className={({ isActive }) => cn(linkClass(open, isActive), child && open && 'pl-9')}
    >
      <ItemIcon className={cn('shrink-0', child ? 'size-4' : 'size-5')} />
      <span className={cn('truncate', !open && 'sr-only')}>{label}</span>
      {item.useBadgeCount && <NavBadge useCount={item.useBadgeCount} open={open} />}
    </NavLink>
  );
}

/** An item only some users see (the moderators' console): its hook decides. */
function ShownWhen({ useVisible, children }: { useVisible: () => boolean; children: ReactNode }) {
  return useVisible() ? children : null;
}

/** An item with sub-links (Tenders): clicking it opens its page and toggles the sub-links. */
function NavGroup({ item, open }: { item: NavItem & { children: readonly NavItem[] }; open: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const listId = useId();
  const underChild = item.children.some((child) => isUnder(pathname, child.to));
  const [expanded, setExpanded] = useState(underChild);
  const [seenPath, setSeenPath] = useState(pathname);
  if (pathname !== seenPath) {
    setSeenPath(pathname);
    if (underChild) setExpanded(true);
  }
  const label = t(item.labelKey);
  const ItemIcon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        end
        title={open ? undefined : label}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        className={({ isActive }) => linkClass(open, isActive, underChild)}
      >
        <ItemIcon className="size-5 shrink-0" />
        <span className={cn('truncate', !open && 'sr-only')}>{label}</span>
        {open && (
          <ChevronDownIcon className={cn('ml-auto size-4 shrink-0 transition-transform', expanded && 'rotate-180')} />
        )}
      </NavLink>
      <ul id={listId} hidden={!expanded} aria-label={t('nav.tenderModes')} className="mt-1 flex flex-col gap-1">
        {item.children.map((child) => (
          <li key={child.to}>
            <ItemLink item={child} open={open} child />
          </li>
        ))}
      </ul>
    </li>
  );
}

export interface SideNavProps {
  open: boolean;
  onToggle: () => void;
  id: string;
  items?: readonly NavItem[];
}

/**
 * The side navigation: open (w-50) with icons and labels, or collapsed (w-17) with icons whose names stay
 * readable by screen readers. Brand in full when open, 'Y' when collapsed; log-out at the bottom.
 */
export function SideNav({ open, onToggle, id, items = NAV_ITEMS }: SideNavProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <aside
      id={id}
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex flex-col border-r border-navy-800 bg-navy-900 transition-[width] duration-200',
        open ? 'w-50 shadow-2xl shadow-black/40 md:shadow-none' : 'w-17',
      )}
    >
      <div
        className={cn(
          'flex shrink-0 border-b border-navy-800',
          open ? 'h-16 items-center justify-between pr-2 pl-4' : 'flex-col items-center gap-2 py-3',
        )}
      >
        <Link
          to={webRoutes.home}
          aria-label={open ? undefined : 'Yuk Tender'}
          className="rounded-md text-lg font-bold tracking-tight whitespace-nowrap text-white"
        >
          {open ? (
            'Yuk Tender'
          ) : (
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-lg bg-blue-600 text-lg max-sm:size-11"
            >
              Y
            </span>
          )}
        </Link>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          aria-label={open ? t('nav.collapse') : t('nav.expand')}
          title={open ? t('nav.collapse') : t('nav.expand')}
          className="grid size-9 place-items-center rounded-lg text-slate-300 hover:bg-navy-800 hover:text-white max-sm:size-11"
        >
          {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
        </button>
      </div>

      <nav id={`${id}-menu`} aria-label={t('nav.label')} className="flex-1 overflow-x-hidden overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-1">
          {items.map((item) =>
            item.children ? (
              <NavGroup key={item.to} item={{ ...item, children: item.children }} open={open} />
            ) : item.useVisible ? (
              <ShownWhen key={item.to} useVisible={item.useVisible}>
                <li>
                  <ItemLink item={item} open={open} />
                </li>
              </ShownWhen>
            ) : (
              <li key={item.to}>
                <ItemLink item={item} open={open} />
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-navy-800 p-2">
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          title={open ? undefined : t('nav.logout')}
          className={cn(linkClass(open, false), 'w-full disabled:opacity-60')}
        >
          <LogoutIcon className="size-5 shrink-0" />
          <span className={cn('truncate', !open && 'sr-only')}>
            {logout.isPending ? t('nav.loggingOut') : t('nav.logout')}
          </span>
        </button>
      </div>
    </aside>
  );
}

import { webRoutes, pathTo } from '@yuk/shared';
import {
  BellIcon,
  BidsIcon,
  BookmarkIcon,
  ChartIcon,
  CompanyIcon,
  OrdersIcon,
  ShipmentIcon,
  PlaneIcon,
  ShieldIcon,
  ShipIcon,
  TendersIcon,
  TruckIcon,
  UserIcon,
  VanIcon,
  VehiclesIcon,
  type Icon,
} from '../../components/ui/icons';
import { useMe } from '../../features/auth/api/me';
import { useUnreadNotificationsCount } from '../../features/notifications/use-unread-notifications-count';
import type { AppTexts } from '../../i18n';
import { useUnreadMessagesCount } from '../../lib/unread-messages';

/** A navigation label: the shell's own words, or the page names the pages' headings share. */
export type NavLabelKey =
  | `nav.${Extract<keyof AppTexts['nav'], string>}`
  | 'terms.bids'
  | 'terms.notifications'
  | 'terms.profile'
  | 'terms.savedSearches';

export interface NavItem {
  to: string;
  labelKey: NavLabelKey;
  icon: Icon;
  /** Sub-links under the item; the group opens by itself when the path is under one of them. */
  children?: readonly NavItem[];
  /**
   * A count beside the label (e.g. unread notifications): a hook returning the number, hidden when 0 or
   * undefined. Called only for the items that have it, always in the same order.
   */
  useBadgeCount?: () => number | undefined;
  /** Only for some users (a hook, e.g. the moderators' console): hidden when it answers false. */
  useVisible?: () => boolean;
}

/** Whether the signed-in user is a moderator (the server checks again on every moderator call). */
function useIsModerator(): boolean {
  return useMe().data?.role === 'moderator';
}

/** The side navigation, top to bottom. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: webRoutes.dashboard, labelKey: 'nav.dashboard', icon: ChartIcon },
  {
    to: webRoutes.tenders,
    labelKey: 'nav.tenders',
    icon: TendersIcon,
    children: [
      { to: pathTo(webRoutes.tendersByMode, { mode: 'plane' }), labelKey: 'nav.plane', icon: PlaneIcon },
      { to: pathTo(webRoutes.tendersByMode, { mode: 'ship' }), labelKey: 'nav.ship', icon: ShipIcon },
      { to: pathTo(webRoutes.tendersByMode, { mode: 'truck' }), labelKey: 'nav.truck', icon: TruckIcon },
      { to: pathTo(webRoutes.tendersByMode, { mode: 'labo' }), labelKey: 'nav.labo', icon: VanIcon },
    ],
  },
  { to: webRoutes.orders, labelKey: 'nav.orders', icon: OrdersIcon },
  { to: webRoutes.bids, labelKey: 'terms.bids', icon: BidsIcon },
  {
    to: webRoutes.shipmentStatus,
    labelKey: 'nav.shipments',
    icon: ShipmentIcon,
    useBadgeCount: useUnreadMessagesCount,
  },
  { to: webRoutes.savedSearches, labelKey: 'terms.savedSearches', icon: BookmarkIcon },
  { to: webRoutes.vehicles, labelKey: 'nav.vehicles', icon: VehiclesIcon },
  {
    to: webRoutes.notifications,
    labelKey: 'terms.notifications',
    icon: BellIcon,
    useBadgeCount: useUnreadNotificationsCount,
  },
  { to: webRoutes.myCompany, labelKey: 'nav.company', icon: CompanyIcon },
  { to: webRoutes.admin, labelKey: 'nav.admin', icon: ShieldIcon, useVisible: useIsModerator },
  { to: webRoutes.profile, labelKey: 'terms.profile', icon: UserIcon },
];

/** Whether a path is the link's path or below it (/tenders/plane/… is under /tenders/plane). */
export function isUnder(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The bottom navigation of phones and of the Telegram Mini App: the four places used most, taken from NAV_ITEMS
 * itself (so each keeps its icon, label and badge in both navigations), in this order of preference.
 */
const BOTTOM_NAV_PREFERENCE: readonly ((item: NavItem) => boolean)[] = [
  (item) => item.to === webRoutes.tenders,
  (item) => item.to === webRoutes.bids,
  (item) => item.to.startsWith('/shipment'),
  (item) => item.to === webRoutes.notifications,
  (item) => item.to === webRoutes.dashboard,
  (item) => item.to === webRoutes.orders,
];

export const BOTTOM_NAV_SIZE = 4;

export function bottomNavItems(items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  const chosen: NavItem[] = [];
  for (const matches of BOTTOM_NAV_PREFERENCE) {
    const item = items.find((candidate) => matches(candidate) && !candidate.useVisible);
    if (item && !chosen.includes(item)) chosen.push(item);
    if (chosen.length === BOTTOM_NAV_SIZE) break;
  }
  return chosen;
}

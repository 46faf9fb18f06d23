import {
  BellIcon,
  BidsIcon,
  OrdersIcon,
  PlaneIcon,
  ShipIcon,
  TendersIcon,
  TruckIcon,
  UserIcon,
  VanIcon,
  VehiclesIcon,
  type Icon,
} from '../../components/ui/icons';
import { useUnreadNotificationsCount } from '../../features/notifications/use-unread-notifications-count';
import type { AppTexts } from '../../i18n';

export type NavLabelKey = `nav.${keyof AppTexts['nav'] & string}`;

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
}

/** The side navigation of the spec (section 2, Shell), top to bottom. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    to: '/tenders',
    labelKey: 'nav.tenders',
    icon: TendersIcon,
    children: [
      { to: '/tenders/plane', labelKey: 'nav.plane', icon: PlaneIcon },
      { to: '/tenders/ship', labelKey: 'nav.ship', icon: ShipIcon },
      { to: '/tenders/truck', labelKey: 'nav.truck', icon: TruckIcon },
      { to: '/tenders/labo', labelKey: 'nav.labo', icon: VanIcon },
    ],
  },
  { to: '/orders', labelKey: 'nav.orders', icon: OrdersIcon },
  { to: '/bids', labelKey: 'nav.bids', icon: BidsIcon },
  { to: '/vehicles', labelKey: 'nav.vehicles', icon: VehiclesIcon },
  { to: '/notifications', labelKey: 'nav.notifications', icon: BellIcon, useBadgeCount: useUnreadNotificationsCount },
  { to: '/profile', labelKey: 'nav.profile', icon: UserIcon },
];

/** Whether a path is the link's path or below it (/tenders/plane/… is under /tenders/plane). */
export function isUnder(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

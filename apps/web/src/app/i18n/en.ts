import { defineTranslatedTexts } from '../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  nav: {
    label: 'Main menu',
    skipToContent: 'Skip to content',
    expand: 'Expand the menu',
    collapse: 'Collapse the menu',
    dashboard: 'Dashboard',
    tenders: 'Tenders',
    tenderModes: 'Tender types',
    plane: 'Aviation',
    ship: 'Maritime',
    truck: 'Truck',
    labo: 'Local (labo)',
    orders: 'My Orders',
    shipments: 'Shipments',
    company: 'My company',
    admin: 'Moderation',
    vehicles: 'My Vehicles',
    logout: 'Log out',
    loggingOut: 'Logging out...',
    badge: '{count} new',
    more: 'More',
    bottom: 'Quick menu',
  },
});

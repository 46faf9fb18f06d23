import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  tracking: {
    title: 'Shipment tracking',
    shipment: 'Shipment {number}',
    route: 'From → to',
    loading: 'Loading the tracking...',
    notFound: 'This tracking link does not work',
    notFoundHint:
      'The link is wrong, was revoked or has ended (7 days after the delivery). Ask whoever sent it for a new one.',
    failed: 'The tracking could not be loaded',
    awarded: 'Not loaded yet',
    timeline: 'Steps',
    updated: 'The page refreshes itself every 30 seconds',
    expires: 'The link works until {time}',
    language: 'Page language',
    privacy: 'This page shows only the shipment’s status and position.',
  },
});

import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  companies: {
    kinds: { shipper: 'Shipper', carrier: 'Carrier company', both: 'Shipper and carrier' },
    status: { unverified: 'Not verified', pending: 'Under review', verified: 'Verified', rejected: 'Not approved' },
    suspended: 'Suspended',
    fields: {
      name: 'Company name',
      stir: 'STIR (taxpayer number)',
      stirHint: '9 digits',
      kind: 'What it does',
      legalAddress: 'Legal address',
      director: 'Director',
      phone: 'Company phone',
    },
    documents: {
      licence: 'Licence',
      registration_certificate: 'Registration certificate',
      hint: 'PDF, JPEG, PNG or WebP, at most 10 MB. A new file replaces the current one',
      current: 'Open the current document',
    },
    mine: {
      subtitle: 'Your company details and papers: a verified company is trusted more',
      status: 'Status:',
      statusHint: {
        unverified: 'Fill in the details and both documents, then send them for review',
        pending: 'A moderator is checking the documents',
        verified: 'Your company is verified: changing its name, STIR or a document sends it back to review',
        rejected: 'Read the reason, correct the details and send them again',
      },
      reason: 'Reason: {reason}',
      send: 'Send for review',
      sent: 'The company was sent for review',
      sendFailed: 'The company could not be sent for review',
      saved: 'The company details were saved',
      backToReview: 'Saved. What was checked has changed: the company is under review again until a moderator decides',
      saveFailed: 'The company details could not be saved',
      loadFailed: 'The company details could not be loaded',
    },
    profile: {
      title: 'Company',
      memberSince: 'Member since {date}',
      deals: 'Deals completed',
      rating: 'Rating',
      ratingValue: '{avg} / 5 ({n})',
      noShows: 'Awards left unanswered',
      onTime: 'Delivered on time',
      paidOnTime: 'Paid on time',
      none: 'No data yet',
      reviews: 'Latest reviews',
      noReviews: 'No reviews yet',
      loadFailed: 'The company could not be loaded',
    },
  },
});

import type { RouteObject } from 'react-router';
import { TENDER_MODES } from '@yuk/shared';

const tendersPage: RouteObject['lazy'] = async () => ({ Component: (await import('./tenders-page')).TendersPage });

/**
 * /tenders, /tenders/{truck|plane|ship|labo} (any other mode falls through to the 404 page), /tenders/success
 * and /tender/{id}.
 */
export const routes: RouteObject[] = [
  { path: 'tenders', lazy: tendersPage },
  ...TENDER_MODES.map((mode): RouteObject => ({ path: `tenders/${mode}`, lazy: tendersPage })),
  { path: 'tenders/success', lazy: async () => ({ Component: (await import('./bid-success-page')).BidSuccessPage }) },
  { path: 'tender/:id', lazy: async () => ({ Component: (await import('./tender-detail-page')).TenderDetailPage }) },
];

import type { RouteObject } from 'react-router';
import { TENDER_MODES, webRoutes, pathTo } from '@yuk/shared';

const tendersPage: RouteObject['lazy'] = async () => ({ Component: (await import('./tenders-page')).TendersPage });

/**
 * /tenders, /tenders/{truck|plane|ship|labo} (any other mode falls through to the 404 page), /tenders/success
 * and /tender/{id}.
 */
export const routes: RouteObject[] = [
  { path: webRoutes.tenders, lazy: tendersPage },
  ...TENDER_MODES.map((mode): RouteObject => ({ path: pathTo(webRoutes.tendersByMode, { mode }), lazy: tendersPage })),
  {
    path: webRoutes.bidSubmitted,
    lazy: async () => ({ Component: (await import('./bid-success-page')).BidSuccessPage }),
  },
  {
    path: webRoutes.tender,
    lazy: async () => ({ Component: (await import('./tender-detail-page')).TenderDetailPage }),
  },
];

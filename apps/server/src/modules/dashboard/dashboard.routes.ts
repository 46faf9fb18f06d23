import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, dashboard, dashboardQuery } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './dashboard.service.js';

const DESCRIPTION = [
  "The caller's own figures, by Tashkent month (UTC+5), for the period `from`–`to` (both days included;",
  'by default the 12 calendar months up to today; at most 60 months). Every month of the period is listed,',
  'with zeros when nothing happened. `shipper` is null for a user who never posted a tender, `carrier` for',
  'one who never placed a bid.',
  '',
  'Definitions. A **deal** is a shipment: made when an award settles (the carrier confirmed, or bought now),',
  "counted in the month it was made. **spend** and **revenue**: the deals' amounts. **savings**: each deal's",
  'tender starting price less its amount. **bids_per_tender**: the average number of bids on the tenders',
  "posted in the month (drafts left out). **median_hours_to_award**: the median hours from the tender's",
  'creation to the settled award (a tender saved as a draft counts from when it was saved). **on_time**:',
  'delivered shipments confirmed delivered by the end of their delivery date in Tashkent, in the month of',
  'delivery. **bids_placed**: every price the user bid. **bids_won**: deals the user won. **win_rate**: of',
  'the tenders the user bid on in the period whose bidding is over (closed, or settled), the share the user',
  "won, each tender once. **rating_average**: the owners' scores of the user as a carrier, in the month they",
  'were given, only those the ratings page would show (after the double-blind).',
].join('\n');

/** The signed-in user's dashboard figures. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: service.DashboardContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.dashboard,
    {
      schema: {
        operationId: 'getDashboard',
        tags: ['dashboard'],
        summary: 'My figures by month: as a shipper and as a carrier',
        description: DESCRIPTION,
        security: SIGNED_IN,
        querystring: dashboardQuery,
        response: { 200: dashboard, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.getDashboard(ctx, currentUser(request).userId, request.query),
  );
};

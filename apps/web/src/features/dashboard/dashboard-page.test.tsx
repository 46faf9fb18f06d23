import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, dashboardMonths, lastMonthsPeriod, webRoutes, type Dashboard } from '@yuk/shared';
import { makeCarrierFigures, makeShipperFigures } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { renderRoutes, signedIn } from '../../test/render';
import { DashboardPage } from './dashboard-page';

// the page itself, not its lazy route: the test waits for the page's answers, not for its code to load
const routes = [{ path: webRoutes.dashboard, Component: DashboardPage }];

const period = lastMonthsPeriod(12);
const months = dashboardMonths(period.from, period.to);

function answering(dashboard: Partial<Dashboard>) {
  return fakeApi(
    on.get(apiPaths.dashboard, ({ query }) => ({
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
      shipper: null,
      carrier: null,
      ...dashboard,
    })),
  ).calls;
}

describe('the dashboard', () => {
  signedIn('en');
  // jsdom has no 2D canvas: the charts draw nothing there, and the tables carry the numbers
  beforeEach(() => void vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
  afterEach(() => vi.restoreAllMocks());

  it('shows someone with neither tenders nor bids where to start, with no chart', async () => {
    const calls = answering({});
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('No figures yet')).toBeInTheDocument();
    expect(screen.getByText(/Post a tender and your spend and savings show here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a tender' })).toHaveAttribute('href', '/orders/create');
    expect(screen.getByRole('link', { name: 'Find tenders to bid on' })).toHaveAttribute('href', '/tenders');
    expect(screen.queryByRole('figure')).toBeNull();
    // the last 12 months up to today (Tashkent)
    expect(calls.map((call) => call.url)).toEqual([`/api/dashboard?from=${period.from}&to=${period.to}`]);
  });

  it('shows each chart of an empty period as what to do next, not as a blank chart', async () => {
    answering({ shipper: makeShipperFigures(months), carrier: makeCarrierFigures(months) });
    renderRoutes(routes, '/dashboard');
    const shipper = await screen.findByRole('region', { name: 'As a shipper' });
    const spend = within(shipper).getByRole('figure', { name: 'Spend and savings per month' });
    expect(within(spend).getByText('No deals in this period')).toBeInTheDocument();
    expect(within(spend).getByRole('link', { name: 'Post a tender' })).toBeInTheDocument();
    expect(within(shipper).getByText('No tenders posted in this period')).toBeInTheDocument();
    const carrier = screen.getByRole('region', { name: 'As a carrier' });
    const bids = within(carrier).getByRole('figure', { name: 'Bids placed and won' });
    expect(within(bids).getByText('No bids in this period')).toBeInTheDocument();
    expect(within(bids).getByRole('link', { name: 'Find tenders to bid on' })).toHaveAttribute('href', '/tenders');
    expect(within(carrier).getByText('No ratings in this period')).toBeInTheDocument();
    expect(document.querySelector('canvas')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("draws the shipper's figures with their numbers in a table, and asks again for another period", async () => {
    const shipper = makeShipperFigures(months, {
      tenders: 3,
      bids_per_tender: 2.5,
      deals: 2,
      spend: 2400,
      savings: 600,
      savings_share: 0.2,
      median_hours_to_award: 18,
      delivered: 2,
      on_time: 1,
      on_time_share: 0.5,
    });
    const last = months.length - 1;
    shipper.months[last] = {
      ...shipper.months[last]!,
      tenders: 3,
      bids_per_tender: 2.5,
      deals: 2,
      spend: 2400,
      savings: 600,
      median_hours_to_award: 18,
      delivered: 2,
      on_time: 1,
    };
    const calls = answering({ shipper });
    const { user } = renderRoutes(routes, '/dashboard');
    const section = await screen.findByRole('region', { name: 'As a shipper' });
    expect(screen.queryByRole('region', { name: 'As a carrier' })).toBeNull();
    // the period's headline figures
    const headline = section.querySelector('dl');
    if (!headline) throw new Error('no headline figures');
    expect(headline).toHaveTextContent(
      'Spend$2,4002 dealsSavings$60020% below starting pricesBids per tender2.5Publish to award (median)18 h' +
        'Delivered on time50%of 2 deliveries',
    );

    const spend = within(section).getByRole('figure', { name: 'Spend and savings per month' });
    // the chart's code arrives lazily
    expect(
      await within(spend).findByRole('img', { name: 'Spend and savings per month' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = within(spend).getByRole('table', { name: 'Spend and savings per month: table' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13); // the header and 12 months
    const [year, month] = months[last]!.split('-');
    const monthName = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleString('en', {
      month: 'short',
      timeZone: 'UTC',
    });
    expect(rows.at(-1)).toHaveTextContent(`${monthName} ${year}$2,400$600`);
    expect(rows[1]).toHaveTextContent('$0$0');
    const hours = within(section).getByRole('table', { name: 'Hours from publish to award (median): table' });
    expect(within(hours).getAllByRole('row')[1]).toHaveTextContent('—');

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 6 months');
    const six = lastMonthsPeriod(6);
    await waitFor(() => expect(calls.at(-1)?.url).toBe(`/api/dashboard?from=${six.from}&to=${six.to}`));
  });
});

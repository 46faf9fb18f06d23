import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, webRoutes, type TenderImportCheck } from '@yuk/shared';
import { findToast, jsonResponse, renderRoutes, signedIn, stubFetch, type FetchCall } from '../../test/render';
import { routes } from './routes';

const tender = {
  name: 'Cement, 20 t',
  cargo_type: 'Truck - tented',
  cargo_weight: 20000,
  cargo_volume: 30,
  origin_location: 'Tashkent',
  destination_location: 'Samarkand',
  shipment_date: '2026-12-01',
  delivery_date: '2026-12-03',
  tender_start_date: '2026-11-25',
  tender_end_date: '2026-11-30',
  initial_price: 1500,
  status: 'opened' as const,
};

const clean: TenderImportCheck = {
  rows: [
    { line: 2, ok: true, tender },
    { line: 3, ok: true, tender: { ...tender, name: 'Flour, 10 t' } },
  ],
  valid: 2,
  invalid: 0,
};

const withErrors: TenderImportCheck = {
  rows: [
    { line: 2, ok: true, tender },
    {
      line: 3,
      ok: false,
      errors: [{ field: 'cargo_weight', column: 'Weight (kg)', code: 'number', message: 'Must be a number' }],
    },
  ],
  valid: 1,
  invalid: 1,
};

const csvFile = () => new File(['name,cargo_type\nCement,Truck\n'], 'tenders.csv', { type: 'text/csv' });

function isImport(call: FetchCall, dryRun: boolean): boolean {
  const url = new URL(call.url, 'http://localhost');
  return (
    call.method === 'POST' &&
    url.pathname === apiPaths.tenders.import &&
    (url.searchParams.get('dry_run') === 'true') === dryRun
  );
}

function renderPage() {
  return renderRoutes(
    [
      ...routes.filter((route) => route.path !== webRoutes.orders),
      { path: webRoutes.orders, element: <h1>Orders list</h1> },
    ],
    webRoutes.importTenders,
  );
}

describe('Import tenders from CSV', { timeout: 15_000 }, () => {
  signedIn('en');
  afterEach(() => vi.restoreAllMocks());

  it('checks the file, shows each row, imports when every row passes and returns to My Orders', async () => {
    const { calls } = stubFetch((call) => {
      if (isImport(call, true)) return jsonResponse(clean);
      if (isImport(call, false)) {
        return jsonResponse({ created: 2, tenders: [{ id: 9, number: 'YT-000009', name: 'Cement', line: 2 }] }, 201);
      }
      return jsonResponse([]);
    });
    const { user, router } = renderPage();
    await screen.findByRole('heading', { name: 'Import tenders from a CSV file' });
    expect(screen.getByRole('button', { name: 'Template in Russian' })).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import 0 tenders' });
    expect(importButton).toBeDisabled();

    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    expect(screen.getByText(/^Selected file: .*\.csv/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Flour, 10 t')).toBeInTheDocument();
    expect(within(table).getAllByText('Ready')).toHaveLength(2);
    expect(screen.getByText('Ready: 2, with errors: 0')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2 tenders' }));
    expect(await findToast('2 tenders imported')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.orders));
    expect(calls.filter((call) => isImport(call, false))).toHaveLength(1);
  });

  it('names each failing row’s column and message and keeps the import off', async () => {
    const { calls } = stubFetch((call) => (isImport(call, true) ? jsonResponse(withErrors) : jsonResponse([])));
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Weight (kg)')).toBeInTheDocument();
    expect(within(table).getByText(/Must be a number/)).toBeInTheDocument();
    expect(screen.getByText('Ready: 1, with errors: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 tenders' })).toBeDisabled();
    expect(calls.filter((call) => isImport(call, false))).toHaveLength(0);
  });

  it('shows the error of the whole file clearly', async () => {
    stubFetch(() =>
      jsonResponse({ error: 'The file lacks the columns: Weight (kg)', code: 'IMPORT_MISSING_COLUMNS' }, 400),
    );
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file lacks the columns: Weight (kg)');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 tenders' })).toBeDisabled();
  });

  it('says first when the file’s tenders would pass the tender quota, keeps the import off, and shows a 429 of the import', async () => {
    const overQuota =
      'This file would create 2 tenders, but your tender limit allows 1 more now. Split the file or try again in 40 minutes';
    let quotaLeft = 2;
    const { calls } = stubFetch((call) => {
      if (isImport(call, true)) {
        return jsonResponse(
          quotaLeft >= 2
            ? clean
            : { ...clean, over_quota: { code: 'IMPORT_OVER_QUOTA', error: overQuota, allowed: 1, retry_after: 2400 } },
        );
      }
      if (isImport(call, false)) {
        return jsonResponse(
          { error: 'You have done this too many times for now. Try again in 40 minutes', code: 'RATE_LIMITED' },
          429,
          { 'retry-after': '2400' },
        );
      }
      return jsonResponse([]);
    });
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByRole('table', { name: 'Rows of the file' });
    // the quota was used meanwhile (another tab, the form): the import is refused, and the page says why
    quotaLeft = 1;
    await user.click(screen.getByRole('button', { name: 'Import 2 tenders' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'You have done this too many times for now. Try again in 40 minutes',
        overQuota,
      ]),
    );
    expect(screen.getByRole('button', { name: 'Import 0 tenders' })).toBeDisabled();
    expect(calls.filter((call) => isImport(call, false))).toHaveLength(1);

    // checked again: the dry run's message alone, and still no import
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([overQuota]));
    expect(screen.getByRole('button', { name: 'Import 0 tenders' })).toBeDisabled();
  });

  it('asks for a file before checking', async () => {
    const { calls } = stubFetch(() => jsonResponse([]));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file first');
    expect(calls).toHaveLength(0);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { findToast, jsonResponse, renderWithProviders, signedIn, stubFetch } from '../test/render';
import { csvFile, watchDownloads } from '../test/downloads';
import { attachmentFileName, CsvDownloadButton } from './csv-download';

const CSV = '\uFEFFNumber,Name\r\nYT-000001,Cement\r\n';

const csvResponse = (filename = 'my-orders-2026-11-26.csv') => csvFile(CSV, filename);

describe('CsvDownloadButton', () => {
  signedIn('en');
  afterEach(() => vi.restoreAllMocks());

  it('asks for the list with its filters and format=csv, with the token, and saves the file under the server’s name', async () => {
    const saves = watchDownloads();
    const { calls } = stubFetch(() => csvResponse());
    const { user } = renderWithProviders(
      <CsvDownloadButton
        path={apiPaths.tenders.mine}
        query={{ q: 'cement', price: 'Arzon', delivery: '', location: undefined }}
        label="Download orders (CSV)"
        fallbackName="my-orders.csv"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download orders (CSV)' }));
    await waitFor(() => expect(saves.names).toEqual(['my-orders-2026-11-26.csv']));
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe(apiPaths.tenders.mine);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'cement', price: 'Arzon', format: 'csv' });
    expect(calls[0]!.headers.authorization).toBe('Bearer token');
    expect(calls[0]!.headers['accept-language']).toBe('en');
    expect(await saves.blobs[0]!.text()).toContain('YT-000001,Cement');
    expect(screen.getByRole('button', { name: 'Download orders (CSV)' })).toBeEnabled();
  });

  it('is busy while the file comes', async () => {
    watchDownloads();
    let release: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { user } = renderWithProviders(
      <CsvDownloadButton path={apiPaths.bids.mine} label="Download bids (CSV)" fallbackName="my-bids.csv" />,
    );
    await user.click(screen.getByRole('button', { name: 'Download bids (CSV)' }));
    const button = screen.getByRole('button', { name: 'Download bids (CSV)' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    release(csvResponse('my-bids.csv'));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows the server’s text as a toast when the download fails, and saves nothing', async () => {
    const saves = watchDownloads();
    stubFetch(() => jsonResponse({ error: 'The price filter is wrong', code: 'VALIDATION_FAILED' }, 400));
    const { user } = renderWithProviders(
      <CsvDownloadButton path={apiPaths.tenders.all} label="Download tenders (CSV)" fallbackName="tenders.csv" />,
    );
    await user.click(screen.getByRole('button', { name: 'Download tenders (CSV)' }));
    expect(await findToast('The price filter is wrong')).toBeInTheDocument();
    expect(saves.names).toEqual([]);
  });

  it('refuses an answer that is not CSV with the failure text', async () => {
    const saves = watchDownloads();
    stubFetch(() => jsonResponse([]));
    const { user } = renderWithProviders(
      <CsvDownloadButton
        path={apiPaths.shipments.list}
        label="Download shipments (CSV)"
        fallbackName="shipments.csv"
        failedText="No file today"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download shipments (CSV)' }));
    expect(await findToast('No file today')).toBeInTheDocument();
    expect(saves.names).toEqual([]);
  });
});

describe('attachmentFileName', () => {
  it('reads filename* first, then filename, keeping only the last path segment', () => {
    expect(attachmentFileName('attachment; filename="a.csv"')).toBe('a.csv');
    expect(attachmentFileName('attachment; filename="a.csv"; filename*=UTF-8\'\'b%20c.csv')).toBe('b c.csv');
    expect(attachmentFileName('attachment; filename="../../x.csv"')).toBe('x.csv');
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('attachment')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicCompany } from '@yuk/shared';
import { makeCompany } from '../../test/factories';
import { findToast, jsonResponse, renderRoutes, signedIn, stubFetch } from '../../test/render';
import { routes } from './routes';

describe('my company', () => {
  signedIn('en');

  it('sends the profile as a multipart form, then sends it for review', async () => {
    let company = makeCompany({
      name: '',
      stir: '',
      kind: null,
      legal_address: '',
      director: '',
      phone: '',
      documents: { licence: null, registration_certificate: null },
    });
    stubFetch(async (call) => {
      if (call.method === 'PUT') {
        company = makeCompany();
        return jsonResponse(company);
      }
      if (call.url === '/api/companies/me/verification') {
        company = { ...company, verification_status: 'pending' };
        return jsonResponse(company);
      }
      return jsonResponse(company);
    });
    const fetchSpy = vi.mocked(fetch);
    const { user } = renderRoutes(routes, '/company');
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Company name'), 'Silk Road Logistics MChJ');
    await user.type(screen.getByLabelText('STIR (taxpayer number)'), '305 123 456');
    await user.type(screen.getByLabelText('Legal address'), 'Toshkent, Chilonzor 12');
    await user.type(screen.getByLabelText('Director'), 'Aziz Rahimov');
    await user.type(screen.getByLabelText('Company phone'), '901234567');
    const licence = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    // the page's own file field, in the interface's language (the browser's writes "Choose File" in its own)
    expect(screen.getByRole('button', { name: 'Choose file – Licence' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Licence'), licence);
    expect(screen.getByText('Selected file: licence.pdf (0.00 MB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('The company details were saved')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    const form = put?.[1]?.body as FormData;
    expect(form.get('stir')).toBe('305123456');
    expect(form.get('phone')).toBe('+998901234567');
    expect(form.get('kind')).toBe('carrier');
    expect((form.get('licence') as File).name).toBe('licence.pdf');
    expect(form.get('registration_certificate')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await findToast('The company was sent for review')).toBeInTheDocument();
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('says a verified company that replaced a document is under review again, and shows it so', async () => {
    let company = makeCompany({ verification_status: 'verified', verified_at: '2026-11-20T09:00:00.000Z' });
    stubFetch((call) => {
      if (call.method === 'PUT') {
        company = { ...company, verification_status: 'pending', verified_at: null, verified_by: null };
      }
      return jsonResponse(company);
    });
    const { user } = renderRoutes(routes, '/company');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(
      screen.getByText('Your company is verified: changing its name, STIR or a document sends it back to review'),
    ).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Licence'),
      new File(['%PDF-1.4'], 'new-licence.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await findToast(
        'Saved. What was checked has changed: the company is under review again until a moderator decides',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(screen.getByText('A moderator is checking the documents')).toBeInTheDocument();
  });

  it("shows the server's field texts and the moderator's reason", async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(
            {
              error: 'Some fields are missing or invalid',
              code: 'VALIDATION_FAILED',
              fields: { stir: 'The STIR must be exactly 9 digits' },
            },
            400,
          )
        : jsonResponse(makeCompany({ verification_status: 'rejected', rejection_reason: 'The licence is unreadable' })),
    );
    const { user } = renderRoutes(routes, '/company');
    expect(await screen.findByText('Reason: The licence is unreadable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('STIR (taxpayer number)')).toHaveAccessibleDescription(
        'The STIR must be exactly 9 digits',
      ),
    );
  });

  it('shows a public profile with its figures and reviews', async () => {
    const profile: PublicCompany = {
      id: 4,
      name: 'Silk Road Logistics MChJ',
      kind: 'carrier',
      verified: true,
      suspended: false,
      member_since: '2026-01-15T10:00:00.000Z',
      deals_completed: 12,
      no_shows: 1,
      rating_average: 4.5,
      rating_count: 8,
      on_time_share: 0.875,
      payment_on_time_share: null,
      reviews: [
        { score: 4, comment: 'Careful with the load', created_at: '2026-11-20T10:00:00.000Z', from: 'Paxta MChJ' },
      ],
    };
    stubFetch(() => jsonResponse(profile));
    renderRoutes(routes, '/companies/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Silk Road Logistics MChJ' })).toBeInTheDocument();
    expect(screen.getByText('Verified company')).toBeInTheDocument();
    expect(screen.getByText('Deals completed').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Rating').nextSibling).toHaveTextContent('4.5 / 5 (8)');
    expect(screen.getByText('Delivered on time').nextSibling).toHaveTextContent('88%');
    expect(screen.getByText('Paid on time').nextSibling).toHaveTextContent('No data yet');
    const reviews = screen.getByRole('region', { name: 'Latest reviews' });
    expect(within(reviews).getByLabelText('4 of 5 stars')).toBeInTheDocument();
    expect(reviews).toHaveTextContent('Careful with the load');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canonicalJson, type AwardState, type Shipment } from '@yuk/shared';
import { eimzoAlias, stubEimzo } from '../../test/fake-eimzo';
import { findToast, jsonResponse, renderWithProviders, signedIn, stubFetch } from '../../test/render';
import { AwardPanel } from './components/award-panel';

const document = canonicalJson({
  document: 'Yuk Tender award',
  version: 1,
  tender_number: 'YT-000321',
  owner: { company: null, stir: null, person: 'Dilnoza Yusupova' },
  carrier: { company: 'Ipak Yoli', stir: '305123456', person: 'Aziz Rahimov' },
  origin: 'Toshkent',
  destination: 'Samarqand',
  pickup_date: '2026-12-01',
  delivery_date: '2026-12-03',
  price: { amount: '1200.00', currency: 'USD' },
  awarded_at: '2026-11-20T09:00:00.000Z',
});
const documentBase64 = btoa(document);

const shipment = { number: 'YT-000321', role: 'carrier', status: 'awarded' } as Shipment;

const ownerSignature = {
  side: 'owner' as const,
  signer_name: 'YUSUPOVA DILNOZA',
  stir: '301234567',
  signed_at: '2026-11-20T09:10:00.000Z',
  timestamped_at: '2026-11-20T09:10:00.000Z',
};
const carrierSignature = {
  side: 'carrier' as const,
  signer_name: 'RAHIMOV AZIZ',
  stir: '305123456',
  signed_at: '2026-11-20T10:00:00.000Z',
  timestamped_at: '2026-11-20T10:00:00.000Z',
};

const award = (signatures: AwardState['signatures']): AwardState => ({
  number: 'YT-000321',
  my_side: 'carrier',
  document,
  document_base64: documentBase64,
  signatures,
});

const key = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS3051234560001',
  alias: eimzoAlias({ cn: 'RAHIMOV AZIZ', '1.2.860.3.16.1.2': '31234567890123', validto: '2099.03.01 23:59:59' }),
};

function eimzo() {
  return stubEimzo((message) => {
    if (message.name === 'list_all_certificates') return { success: true, certificates: [key] };
    if (message.name === 'list_readers') return { success: true, readers: ['ACS ACR39U ICC Reader 0'] };
    if (message.name === 'load_key') return { success: true, keyId: 'key1' };
    return { success: true, pkcs7_64: 'UEtDUzdh\nd2FyZA==' };
  });
}

describe('the signed award on the shipment page', () => {
  signedIn('en');

  it('shows the award as a document over the exact text, and who signed; the carrier signs the server’s bytes with a key of E-IMZO', async () => {
    let signed = false;
    const { calls } = stubFetch((call) => {
      if (call.method === 'POST') {
        signed = true;
        return jsonResponse(award([ownerSignature, carrierSignature]));
      }
      return jsonResponse(award(signed ? [ownerSignature, carrierSignature] : [ownerSignature]));
    });
    const { messages } = eimzo();
    const { user } = renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    // the award as a document, read from the signed text; the text itself under it
    const sheet = await within(section).findByRole('article', { name: 'Award document' });
    expect(within(sheet).getByRole('heading', { name: 'Award of tender YT-000321' })).toBeVisible();
    expect(sheet).toHaveTextContent(/Awarded on 20\.11\.2026 \d\d:00/);
    expect(sheet).toHaveTextContent('Cargo ownerDilnoza Yusupova');
    expect(sheet).toHaveTextContent('CarrierIpak YoliSTIR 305123456Aziz Rahimov');
    expect(sheet).toHaveTextContent('OriginToshkentPickup Date: 01.12.2026');
    expect(sheet).toHaveTextContent('DestinationSamarqandDelivery Date: 03.12.2026');
    expect(within(sheet).getByTestId('award-price')).toHaveTextContent('$1,200');
    expect(sheet).not.toHaveTextContent('{');
    expect(within(section).getByLabelText('The text that is signed')).toHaveTextContent(document);
    expect(within(section).getByTestId('award-side-owner')).toHaveTextContent(
      /Signed by YUSUPOVA DILNOZA \(301234567\) on/,
    );
    expect(within(section).getByTestId('award-side-carrier')).toHaveTextContent('Not signed yet');
    expect(within(section).getByTestId('award-side-carrier')).toHaveTextContent('(you)');
    expect(
      within(section).getByRole('button', { name: 'Download the signature of the Cargo owner as a .p7s file' }),
    ).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Sign with ERI key' }));
    await user.click(await within(section).findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await findToast('You signed the award')).toBeInTheDocument();
    // E-IMZO signed the document's bytes as the server gave them, attached
    expect(messages.find((message) => message.name === 'create_pkcs7')?.arguments).toEqual([
      documentBase64,
      'key1',
      'no',
    ]);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/shipments/YT-000321/award/signatures',
      body: { pkcs7: 'UEtDUzdhd2FyZA==' },
    });
    expect(await within(section).findByTestId('award-side-carrier')).toHaveTextContent(
      /Signed by RAHIMOV AZIZ \(305123456\) on/,
    );
    expect(within(section).queryByRole('button', { name: 'Sign with ERI key' })).toBeNull();
  });

  it('shows a text it cannot read as an award as it is, since that is what the signatures cover', async () => {
    const text = '{"document":"Yuk Tender award","version":2,"tender_number":"YT-000321"}';
    stubFetch(() => jsonResponse({ ...award([]), document: text, document_base64: btoa(text) }));
    renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    expect(await within(section).findByLabelText('The text that is signed')).toHaveTextContent(text);
    expect(within(section).queryByRole('article')).toBeNull();
  });

  it('shows the server’s refusal, and a clear text when E-IMZO-SERVER is not available', async () => {
    let answer = { error: 'What was signed is not the award as it stands now', code: 'AWARD_DOCUMENT_MISMATCH' };
    let status = 409;
    stubFetch((call) => (call.method === 'POST' ? jsonResponse(answer, status) : jsonResponse(award([]))));
    eimzo();
    const { user } = renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    await user.click(await within(section).findByRole('button', { name: 'Sign with ERI key' }));
    await user.click(await within(section).findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'What was signed is not the award as it stands now',
    );

    answer = { error: 'Signing in with an ERI key is not available now', code: 'ERI_UNAVAILABLE' };
    status = 503;
    await user.click(within(section).getByRole('button', { name: /Rahimov Aziz/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Signing with an ERI key is not available now: the E-IMZO server is not set up or not answering',
    );
  });

  it('says what to install when E-IMZO is not running', async () => {
    stubFetch(() => jsonResponse(award([])));
    stubEimzo(() => undefined, { down: ['wss://', 'ws://'] });
    const { user } = renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    await user.click(await within(section).findByRole('button', { name: 'Sign with ERI key' }));
    expect(await within(section).findByRole('alert')).toBeVisible();
    expect(within(section).getByRole('link', { name: /E-IMZO/i })).toBeVisible();
  });
  it('signs with an ID card: listed as such, E-IMZO signs with the card in its reader', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(award([ownerSignature, carrierSignature]))
        : jsonResponse(award([ownerSignature])),
    );
    const { messages } = eimzo();
    const { user } = renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    await user.click(await within(section).findByRole('button', { name: 'Sign with ERI key' }));
    const card = await within(section).findByRole('button', { name: /ID card/ });
    expect(card).toHaveTextContent('Card reader: ACS ACR39U ICC Reader 0. E-IMZO asks for the PIN');
    await user.click(card);
    expect(await findToast('You signed the award')).toBeInTheDocument();
    expect(messages.map((message) => message.name)).toEqual(['list_all_certificates', 'list_readers', 'create_pkcs7']);
    expect(messages.at(-1)?.arguments).toEqual([documentBase64, 'idcard', 'no']);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { pkcs7: 'UEtDUzdhd2FyZA==' } });
  });

  it('offers the award with both signatures in one file once both have signed', async () => {
    const p7s = new Blob([new Uint8Array([0x30, 0x80])], { type: 'application/pkcs7-signature' });
    const { calls } = stubFetch((call) =>
      call.url.includes('award.p7s')
        ? new Response(p7s, { headers: { 'content-type': 'application/pkcs7-signature' } })
        : jsonResponse(award([ownerSignature, carrierSignature])),
    );
    const created = vi.fn(() => 'blob:award');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user } = renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    expect(await within(section).findByText(/Both parties’ signatures in one PKCS#7 file/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Download the award with both signatures (.p7s)' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    // the plain path, no side: the server joins both signatures into one PKCS#7
    expect(calls.find((call) => call.url.includes('award.p7s'))?.url).toBe('/api/shipments/YT-000321/award.p7s');
  });

  it('offers no joined file while one side has signed', async () => {
    stubFetch(() => jsonResponse(award([ownerSignature])));
    renderWithProviders(<AwardPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Signed award' });
    expect(await within(section).findByTestId('award-side-owner')).toBeVisible();
    expect(within(section).queryByRole('button', { name: /both signatures/ })).toBeNull();
  });
});

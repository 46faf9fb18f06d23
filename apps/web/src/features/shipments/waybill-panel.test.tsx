import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { waybillState, type Shipment, type WaybillState } from '@yuk/shared';
import { eimzoAlias, stubEimzo } from '../../test/fake-eimzo';
import { findToast, jsonResponse, renderWithProviders, signedIn, stubFetch } from '../../test/render';
import { WaybillPanel } from './components/waybill-panel';

/** The API document's example: the carrier's view of a waybill the consignor has signed. */
const example = (waybillState.meta()?.examples as WaybillState[])[0]!;
const shipment = { number: 'YT-000123', role: 'carrier', status: 'on_the_way', vehicle: null } as Shipment;

const key = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS3051234560001',
  alias: eimzoAlias({
    cn: 'RAHIMOV AZIZ',
    '1.2.860.3.16.1.1': '305123456',
    '1.2.860.3.16.1.2': '31234567890123',
    validto: '2099.03.01 23:59:59',
  }),
};

describe('the waybill (e-TTN) on the shipment page', () => {
  signedIn('en');

  it('says that e-waybills are not set up, and nothing else, without Didox', async () => {
    stubFetch(() => jsonResponse({ ...example, enabled: false, next_step: null }));
    renderWithProviders(<WaybillPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Waybill (e-TTN)' });
    expect(await within(section).findByText(/E-waybills are not set up on this server yet/)).toBeVisible();
    expect(within(section).queryByRole('article')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('shows the waybill as a document, its status, Didox’s number and the rate; the carrier accepts through E-IMZO, its session opened first', async () => {
    let purpose: 'session' | 'accept' = 'session';
    let state: WaybillState = example;
    const { calls } = stubFetch((call) => {
      if (call.url.endsWith('/waybill/to-sign')) {
        const text = purpose === 'session' ? '305123456' : '{"action":"responsibleAccept"}';
        return jsonResponse({ purpose, text, data_base64: btoa(text) });
      }
      if (call.url.endsWith('/waybill/signatures')) {
        if (purpose === 'session') purpose = 'accept';
        else state = { ...example, status: 'carrier_accepted', next_step: 'deliver' };
        return jsonResponse(state);
      }
      return jsonResponse(state);
    });
    const { messages } = stubEimzo((message) => {
      if (message.name === 'list_all_certificates') return { success: true, certificates: [key] };
      if (message.name === 'list_readers') return { success: true, readers: [] };
      if (message.name === 'load_key') return { success: true, keyId: 'key1' };
      return { success: true, pkcs7_64: 'UEtDUzc=', signature_hex: 'ab12' };
    });
    const { user } = renderWithProviders(<WaybillPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Waybill (e-TTN)' });
    expect(await within(section).findByTestId('waybill-status')).toHaveTextContent('Signed by the consignor');
    expect(within(section).getByText('Didox number: 6a857945c1d2e3f4a5b6c7d8e9f00112')).toBeVisible();
    expect(within(section).getByText('CBU rate: $1 = 12,850.35 soʻm (26.11.2026)')).toBeVisible();

    // a document, not JSON: the parties, the vehicle and driver, the points, the goods and the totals in so'm
    const sheet = within(section).getByRole('article', { name: 'Waybill' });
    expect(within(sheet).getByRole('heading', { name: 'Consignment note (e-TTN) No. YT-000123' })).toBeVisible();
    expect(sheet).toHaveTextContent('Date: 26.11.2026');
    expect(sheet).toHaveTextContent('Paxta MChJ');
    expect(sheet).toHaveTextContent('Ipak Yoli Logistik');
    expect(sheet).toHaveTextContent('01A123BC · MAN TGX');
    expect(sheet).toHaveTextContent('Toshkent shahri, Chilonzor tumani, Bunyodkor 12');
    expect(within(sheet).getByRole('row', { name: /Paxta tolasi/ })).toHaveTextContent('360,000,000.00');
    expect(within(sheet).getByTestId('waybill-delivery-cost')).toHaveTextContent('16,063,000.00 soʻm');
    expect(section).not.toHaveTextContent('WaybillDoc');

    await user.click(within(section).getByRole('button', { name: 'Accept the goods (ERI key)' }));
    await user.click(await within(section).findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await findToast('Signed at Didox')).toBeInTheDocument();
    // the key is loaded once; E-IMZO signs the STIR, then the acceptance, each as to-sign gave it
    expect(messages.filter((message) => message.name === 'load_key')).toHaveLength(1);
    expect(
      messages.filter((message) => message.name === 'create_pkcs7').map((message) => message.arguments?.[0]),
    ).toEqual([btoa('305123456'), btoa('{"action":"responsibleAccept"}')]);
    const posted = calls.filter((call) => call.url.endsWith('/waybill/signatures'));
    expect(posted.map((call) => call.body)).toEqual([
      { pkcs7: 'UEtDUzc=', signature_hex: 'ab12' },
      { pkcs7: 'UEtDUzc=', signature_hex: 'ab12' },
    ]);
    expect(await within(section).findByTestId('waybill-status')).toHaveTextContent('Accepted by the carrier');
    expect(within(section).getByRole('button', { name: 'Confirm the handover (ERI key)' })).toBeVisible();
  });

  it('shows Didox’s refusal in the reader’s language with Didox’s own words', async () => {
    stubFetch((call) =>
      call.url.endsWith('/waybill/to-sign')
        ? jsonResponse({ error: 'Didox refused: Документ уже подписан', code: 'DIDOX_REFUSED' }, 422)
        : jsonResponse(example),
    );
    stubEimzo((message) => {
      if (message.name === 'list_all_certificates') return { success: true, certificates: [key] };
      if (message.name === 'list_readers') return { success: true, readers: [] };
      return { success: true, keyId: 'key1' };
    });
    const { user } = renderWithProviders(<WaybillPanel shipment={shipment} />);
    const section = await screen.findByRole('region', { name: 'Waybill (e-TTN)' });
    await user.click(await within(section).findByRole('button', { name: 'Accept the goods (ERI key)' }));
    await user.click(await within(section).findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Didox refused: Документ уже подписан');
  });
});

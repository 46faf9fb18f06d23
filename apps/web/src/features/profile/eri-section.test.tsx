import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { eimzoAlias, stubEimzo } from '../../test/fake-eimzo';
import { fakeApi, on } from '../../test/fake-api';
import { findToast, jsonResponse, renderWithProviders, signedIn, stubFetch } from '../../test/render';
import { EriSection } from './components/eri-section';

const key = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS3051234560001',
  alias: eimzoAlias({ cn: 'RAHIMOV AZIZ', '1.2.860.3.16.1.2': '31234567890123', validto: '2099.03.01 23:59:59' }),
};
const link = { pinfl: '**********0123', name: 'RAHIMOV AZIZ', stir: '305123456', valid_to: '2099-03-01T18:59:59.000Z' };

function eimzo() {
  return stubEimzo((message) => {
    if (message.name === 'list_all_certificates') return { success: true, certificates: [key] };
    if (message.name === 'load_key') return { success: true, keyId: 'key1' };
    return { success: true, pkcs7_64: 'UEtDUzdrZXkx' };
  });
}

/** The calls of linking a key: a fresh challenge, no link yet, and the link's answer from `linked`. */
function serveLinking(linked: () => Response | object) {
  return fakeApi(
    on.all(apiPaths.auth.eriChallenge, () => ({ challenge: 'ch-9', ttl: 120 })),
    on.post(apiPaths.users.eri, linked),
    on.get(apiPaths.users.eri, () => null),
  );
}

describe('the ERI key section of the profile', () => {
  signedIn('en');

  it('links a key: a fresh challenge signed in E-IMZO, then the link is shown', async () => {
    const { calls } = serveLinking(() => link);
    eimzo();
    const { user } = renderWithProviders(<EriSection />);
    await user.click(await screen.findByRole('button', { name: 'Link a key' }));
    await user.click(await screen.findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await findToast('The e-signature key is linked to your account')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/users/me/eri',
      body: { pkcs7: 'UEtDUzdrZXkx' },
    });
    const section = screen.getByRole('region', { name: 'E-signature key' });
    expect(within(section).getByText('RAHIMOV AZIZ')).toBeVisible();
    expect(within(section).getByText('**********0123')).toBeVisible();
    expect(within(section).getByText('305123456')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Link another key' })).toBeVisible();
  });

  it('shows clearly that the key’s holder is linked to another account (409)', async () => {
    serveLinking(() => jsonResponse({ error: 'Linked to another account', code: 'ERI_ALREADY_LINKED' }, 409));
    eimzo();
    const { user } = renderWithProviders(<EriSection />);
    await user.click(await screen.findByRole('button', { name: 'Link a key' }));
    await user.click(await screen.findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Linked to another account');
  });

  it('unlinks after a confirmation', async () => {
    const { calls } = stubFetch((call) => (call.method === 'DELETE' ? jsonResponse(null, 204) : jsonResponse(link)));
    const { user } = renderWithProviders(<EriSection />);
    await user.click(await screen.findByRole('button', { name: 'Unlink the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink the e-signature key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink the key' }));
    expect(await findToast('The e-signature key is unlinked')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/me/eri', method: 'DELETE' });
    expect(await screen.findByRole('button', { name: 'Link a key' })).toBeVisible();
  });
});

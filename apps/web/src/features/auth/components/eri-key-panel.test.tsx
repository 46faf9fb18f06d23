import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { EIMZO_URLS, toBase64 } from '../../../lib/eimzo';
import { getSession, showSignedOut, USER_FLAG_KEY } from '../../../lib/session';
import { eimzoAlias, stubEimzo } from '../../../test/fake-eimzo';
import { findToast, jsonResponse, renderWithProviders, sampleUser, stubFetch } from '../../../test/render';
import { LoginMethods } from './login-methods';

const methodProps = { onForgotPassword: () => undefined, onRegisterPhone: () => undefined };
const tokens = { accessToken: 'access-eri', refreshToken: 'refresh-eri', user: sampleUser };

const validKey = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS3051234560001',
  alias: eimzoAlias({
    cn: 'RAHIMOV AZIZ',
    o: 'SILK ROAD LOGISTICS MCHJ',
    '1.2.860.3.16.1.1': '305123456',
    '1.2.860.3.16.1.2': '31234567890123',
    validfrom: '2025.03.01 10:00:00',
    validto: '2099.03.01 23:59:59',
  }),
};
const expiredKey = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS-OLD',
  alias: eimzoAlias({ cn: 'KARIMOV BOBUR', validfrom: '2019.01.01 00:00:00', validto: '2021.01.01 00:00:00' }),
};

/** E-IMZO with the two keys, signing anything as "PKCS7" + the key id. */
function eimzoWithKeys() {
  return stubEimzo((message) => {
    if (message.name === 'list_all_certificates') return { success: true, certificates: [validKey, expiredKey] };
    if (message.name === 'list_readers') return { success: true, readers: ['ACS ACR39U ICC Reader 0'] };
    if (message.name === 'load_key') return { success: true, keyId: 'key1' };
    return { success: true, pkcs7_64: 'UEtDUzdrZXkx' };
  });
}

async function openEriTab() {
  const rendered = renderWithProviders(<LoginMethods {...methodProps} />);
  await rendered.user.click(screen.getByRole('tab', { name: 'ERI-Key' }));
  await rendered.user.click(await screen.findByRole('button', { name: 'Select Key to log in' }));
  return rendered;
}

describe('the ERI-Key tab', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    showSignedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains that the server is not set up (503 ERI_UNAVAILABLE); the user flag is set, nothing else', async () => {
    const { calls } = stubFetch(() => jsonResponse({ error: 'ERI mavjud emas', code: 'ERI_UNAVAILABLE' }, 503));
    const { messages } = eimzoWithKeys();
    await openEriTab();
    expect(await screen.findByText(/ERI-Key orqali kirish hali sozlanmagan/)).toBeVisible();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBe('true');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/eri/challenge']);
    expect(messages).toHaveLength(0);
    expect(getSession().status).toBe('signed-out');
  });

  it('says what to install when E-IMZO is not running', async () => {
    stubFetch(() => jsonResponse({ challenge: 'ch-1', ttl: 120 }));
    stubEimzo(() => ({}), { down: [...EIMZO_URLS] });
    await openEriTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(/E-IMZO dasturi javob bermayapti/);
    expect(screen.getByRole('link', { name: /e-imzo\.uz/ })).toHaveAttribute('href', 'https://e-imzo.uz');
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
  });

  it('lists the keys (an expired one greyed, not choosable), signs the challenge and signs in', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/auth/eri/challenge' ? jsonResponse({ challenge: 'ch-1', ttl: 120 }) : jsonResponse(tokens),
    );
    const { messages } = eimzoWithKeys();
    const { user } = await openEriTab();

    const list = await screen.findByRole('list', { name: 'ERI kalitlari' });
    const [valid, expired, card] = within(list).getAllByRole('button');
    expect(valid).toHaveTextContent('Rahimov Aziz');
    expect(valid).toHaveTextContent('SILK ROAD LOGISTICS MCHJ');
    expect(valid).toHaveTextContent('STIR: 305123456');
    expect(valid).toHaveTextContent(/Amal qiladi: .* gacha/);
    expect(expired).toHaveTextContent(/Karimov Bobur.*Muddati o'tgan/);
    expect(expired).toBeDisabled();
    // the ID card in E-IMZO's reader, marked as such
    expect(card).toHaveTextContent('ID-karta');
    expect(card).toHaveTextContent('Karta oʻquvchi: ACS ACR39U ICC Reader 0');
    expect(card).toBeEnabled();

    await user.click(valid!);
    expect(await findToast('Login successful!')).toBeInTheDocument();
    expect(messages.map((message) => message.name)).toEqual([
      'list_all_certificates',
      'list_readers',
      'load_key',
      'create_pkcs7',
    ]);
    expect(messages[3]!.arguments).toEqual([toBase64('ch-1'), 'key1', 'no']);
    expect(calls.find((call) => call.url === '/api/auth/eri')).toMatchObject({
      url: '/api/auth/eri',
      method: 'POST',
      credentials: 'include',
      body: { pkcs7: 'UEtDUzdrZXkx' },
    });
    expect(getSession()).toEqual({ status: 'signed-in', user: sampleUser });
  });

  it('offers the password for a key linked to no account (404 ERI_NOT_LINKED)', async () => {
    stubFetch((call) =>
      call.url === '/api/auth/eri/challenge'
        ? jsonResponse({ challenge: 'ch-1', ttl: 120 })
        : jsonResponse({ error: 'Kalit bog‘lanmagan', code: 'ERI_NOT_LINKED' }, 404),
    );
    eimzoWithKeys();
    const { user } = await openEriTab();
    await user.click(await screen.findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await screen.findByText(/Bu kalit hech bir hisobga bog'lanmagan/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Parol bilan kirish' }));
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(getSession().status).toBe('signed-out');
  });

  it("shows the server's text for a refused signature, and E-IMZO's reason for its own refusal", async () => {
    stubFetch((call) =>
      call.url === '/api/auth/eri/challenge'
        ? jsonResponse({ challenge: 'ch-1', ttl: 120 })
        : jsonResponse({ error: 'Imzo qabul qilinmadi', code: 'ERI_SIGNATURE_REFUSED' }, 401),
    );
    let refuseLoad = false;
    stubEimzo((message) => {
      if (message.name === 'list_all_certificates') return { success: true, certificates: [validKey] };
      if (message.name === 'load_key')
        return refuseLoad ? { success: false, reason: 'Parol noto‘g‘ri' } : { success: true, keyId: 'key1' };
      return { success: true, pkcs7_64: 'UEtDUzdrZXkx' };
    });
    const { user } = await openEriTab();
    await user.click(await screen.findByRole('button', { name: /Rahimov Aziz/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Imzo qabul qilinmadi');

    refuseLoad = true;
    await user.click(screen.getByRole('button', { name: /Rahimov Aziz/ }));
    expect(await screen.findByText('E-IMZO rad etdi: Parol noto‘g‘ri')).toBeVisible();
    expect(getSession().status).toBe('signed-out');
  });
});

import Cookies from 'js-cookie';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { changeLanguage } from '../../../i18n';
import { getSession, showSignedOut, USER_FLAG_KEY, USER_INFO_KEY } from '../../../lib/session';
import { findToast, holdFetch, jsonResponse, renderWithProviders, sampleUser, stubFetch } from '../../../test/render';
import { LoginMethods } from './login-methods';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', user: sampleUser };
const methodProps = { onForgotPassword: () => undefined, onRegisterPhone: () => undefined };

describe('login form', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    showSignedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("toasts 'Email va parolni to'ldiring' when both fields are blank, and calls nothing", async () => {
    const { calls } = stubFetch(() => jsonResponse(tokens));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast("Email va parolni to'ldiring")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('toasts the same when only the password is blank (or only blanks were typed)', async () => {
    const { calls } = stubFetch(() => jsonResponse(tokens));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.type(screen.getByLabelText('Email'), 'aziz@example.uz');
    await user.type(screen.getByLabelText('Parol'), ' ');
    await user.clear(screen.getByLabelText('Parol'));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast("Email va parolni to'ldiring")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Logging in...' on a disabled button while the call is pending", async () => {
    const { answer } = holdFetch();
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.type(screen.getByLabelText('Email'), 'aziz@example.uz');
    await user.type(screen.getByLabelText('Parol'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(pending).toBeDisabled();
    await answer(() => jsonResponse(tokens));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it("logs in: stores the token cookie, the user flag and info, toasts 'Login successful!', signs in", async () => {
    const { calls } = stubFetch(() => jsonResponse(tokens));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.type(screen.getByLabelText('Email'), '  aziz@example.uz ');
    await user.type(screen.getByLabelText('Parol'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await findToast('Login successful!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/users/login',
      method: 'POST',
      credentials: 'include',
      body: { email: 'aziz@example.uz', password: 'secret-pass' },
    });
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBe('access-1');
    expect(localStorage.getItem(USER_FLAG_KEY)).toBe('true');
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(sampleUser);
    expect(getSession()).toEqual({ status: 'signed-in', user: sampleUser });
  });

  it("toasts the server's error text on a wrong password, and stays signed out", async () => {
    stubFetch(() => jsonResponse({ error: "Email yoki parol noto'g'ri", code: 'INVALID_CREDENTIALS' }, 401));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.type(screen.getByLabelText('Email'), 'aziz@example.uz');
    await user.type(screen.getByLabelText('Parol'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast("Email yoki parol noto'g'ri")).toBeInTheDocument();
    expect(getSession().status).toBe('signed-out');
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
  });

  it("falls back to the server's message, then to the spec's default text", async () => {
    let answer = jsonResponse({ message: 'Service text' }, 503);
    stubFetch(() => answer);
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.type(screen.getByLabelText('Email'), 'aziz@example.uz');
    await user.type(screen.getByLabelText('Parol'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast('Service text')).toBeInTheDocument();

    answer = new Response('upstream down', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast('Login failed. Please check your credentials.')).toBeInTheDocument();
  });

  it("Mobile-ID: a blank phone toasts 'Iltimos, telefon raqamini kiriting' and sets nothing", async () => {
    const { calls } = stubFetch(() => jsonResponse({}));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.click(screen.getByRole('tab', { name: 'Mobile-ID' }));
    expect(await screen.findByText('+998')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await findToast('Iltimos, telefon raqamini kiriting')).toBeInTheDocument();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("Mobile-ID: sends the code ('SMS sent successfully!', the user flag), then signs in with it", async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/auth/sms/send'
        ? jsonResponse({ expiresInSeconds: 300, resendInSeconds: 60 }, 202)
        : jsonResponse(tokens),
    );
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.click(screen.getByRole('tab', { name: 'Mobile-ID' }));
    await user.type(await screen.findByLabelText('Telefon raqami'), '90 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await findToast('SMS sent successfully!')).toBeInTheDocument();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBe('true');
    expect(calls[0]).toMatchObject({ url: '/api/auth/sms/send', method: 'POST', body: { phone: '+998901234567' } });
    expect(getSession().status).toBe('signed-out');

    const code = await screen.findByLabelText('SMS kodi');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // the next code waits for the server's cooldown
    expect(screen.getByRole('button', { name: /Qayta yuborish \d+ soniyadan keyin/ })).toBeDisabled();
    await user.type(code, '48 29 13');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await findToast('Login successful!')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      url: '/api/auth/sms/verify',
      credentials: 'include',
      body: { phone: '+998901234567', code: '482913' },
    });
    expect(getSession()).toEqual({ status: 'signed-in', user: sampleUser });
  });

  it("Mobile-ID: shows the server's text for a wrong code, and offers registration for a number without account", async () => {
    let verifyAnswer = jsonResponse({ error: "Kod noto'g'ri. Yana 4 ta urinish qoldi", code: 'SMS_CODE_WRONG' }, 400);
    stubFetch((call) =>
      call.url === '/api/auth/sms/send'
        ? jsonResponse({ expiresInSeconds: 300, resendInSeconds: 60 }, 202)
        : verifyAnswer,
    );
    const registered: string[] = [];
    const { user } = renderWithProviders(
      <LoginMethods {...methodProps} onRegisterPhone={(phone) => registered.push(phone)} />,
    );
    await user.click(screen.getByRole('tab', { name: 'Mobile-ID' }));
    await user.type(await screen.findByLabelText('Telefon raqami'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    await user.type(await screen.findByLabelText('SMS kodi'), '111111');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText("Kod noto'g'ri. Yana 4 ta urinish qoldi")).toBeVisible();

    verifyAnswer = jsonResponse({ error: "Bu raqam bilan hali hisob yo'q", code: 'PHONE_NOT_REGISTERED' }, 404);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(registered).toEqual(['+998901234567']);
    expect(getSession().status).toBe('signed-out');
  });

  it('Mobile-ID: where the browser reads the SMS itself (WebOTP), the code is filled in and sent', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/auth/sms/send'
        ? jsonResponse({ expiresInSeconds: 300, resendInSeconds: 60 }, 202)
        : jsonResponse(tokens),
    );
    vi.stubGlobal('OTPCredential', class {});
    const get = vi.fn(async () => ({ type: 'otp', code: '135790' }));
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
      await user.click(screen.getByRole('tab', { name: 'Mobile-ID' }));
      await user.type(await screen.findByLabelText('Telefon raqami'), '901234567');
      await user.click(screen.getByRole('button', { name: 'Send SMS' }));
      expect(await findToast('Login successful!')).toBeInTheDocument();
      expect(calls[1]).toMatchObject({ url: '/api/auth/sms/verify', body: { phone: '+998901234567', code: '135790' } });
      expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    } finally {
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it("ERI-Key: 'Select Key to log in' sets the user flag without signing in", async () => {
    const { calls } = stubFetch(() => jsonResponse({ error: 'ERI mavjud emas', code: 'ERI_UNAVAILABLE' }, 503));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.click(screen.getByRole('tab', { name: 'ERI-Key' }));
    await user.click(await screen.findByRole('button', { name: 'Select Key to log in' }));
    await waitFor(() => expect(localStorage.getItem(USER_FLAG_KEY)).toBe('true'));
    // only the challenge is asked for (the whole flow is in eri-key-panel.test.tsx)
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/eri/challenge']);
    expect(getSession().status).toBe('signed-out');
  });

  it('moves between the tabs with the arrow keys', async () => {
    stubFetch(() => jsonResponse({}));
    const { user } = renderWithProviders(<LoginMethods {...methodProps} />);
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mobile-ID' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Mobile-ID' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'ERI-Key' })).toHaveAttribute('aria-selected', 'true');
  });
});

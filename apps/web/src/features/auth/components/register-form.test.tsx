import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { showSignedOut } from '../../../lib/session';
import { findToast, jsonResponse, renderWithProviders, sampleUser, stubFetch } from '../../../test/render';
import { RegisterForm } from './register-form';

async function fill(
  user: UserEvent,
  values: Partial<Record<'Ism' | 'Familiya' | 'Email' | 'Telefon raqami' | 'Parol', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const complete = {
  Ism: 'Aziz',
  Familiya: 'Karimov',
  Email: 'aziz@example.uz',
  'Telefon raqami': '901234567',
  Parol: 'secret-pass',
} as const;

describe('register form', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    showSignedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("toasts 'Barcha maydonlarni to'ldiring' when every field is blank, and calls nothing", async () => {
    const { calls } = stubFetch(() => jsonResponse(sampleUser, 201));
    const { user } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast("Barcha maydonlarni to'ldiring")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('toasts the same when any one field is blank', async () => {
    const { calls } = stubFetch(() => jsonResponse(sampleUser, 201));
    const { user } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill(user, { ...complete, Familiya: '' });
    await user.type(screen.getByLabelText('Familiya'), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast("Barcha maydonlarni to'ldiring")).toBeInTheDocument();
    expect(screen.getByLabelText('Familiya')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the field checks beside the fields (e-mail, phone, password length) without calling the server', async () => {
    const { calls } = stubFetch(() => jsonResponse(sampleUser, 201));
    const { user } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill(user, { ...complete, Email: 'not-an-email', 'Telefon raqami': '12345', Parol: 'short' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText("Email manzili noto'g'ri")).toBeInTheDocument();
    expect(screen.getByText("Telefon raqami +998 va 9 ta raqamdan iborat bo'lishi kerak")).toBeInTheDocument();
    expect(screen.getByText("Parol kamida 8 ta belgidan iborat bo'lishi kerak")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the phone as +998 followed by the typed digits, shows 'Registering...' while pending, then toasts success", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onRegistered = vi.fn();
    const { user } = renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fill(user, { ...complete, 'Telefon raqami': '90 123 45 67' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      url: '/api/users/register',
      method: 'POST',
      body: {
        first_name: 'Aziz',
        last_name: 'Karimov',
        email: 'aziz@example.uz',
        phone_number: '+998901234567',
        password: 'secret-pass',
      },
    });
    expect(calls[0]?.headers.authorization).toBeUndefined();

    answer(jsonResponse(sampleUser, 201));
    expect(await findToast("Ro'yxatdan o'tish muvaffaqiyatli! Iltimos login qiling.")).toBeInTheDocument();
    expect(onRegistered).toHaveBeenCalledWith('aziz@example.uz');
    expect(screen.getByLabelText('Ism')).toHaveValue('');
  });

  it("shows the server's field texts beside the fields and toasts its error", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          error: "Ma'lumotlar noto'g'ri to'ldirilgan",
          code: 'VALIDATION_FAILED',
          fields: { phone_number: 'Server: telefon band', first_name: 'Server: ism juda uzun' },
        },
        400,
      ),
    );
    const onRegistered = vi.fn();
    const { user } = renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast("Ma'lumotlar noto'g'ri to'ldirilgan")).toBeInTheDocument();
    expect(screen.getByText('Server: telefon band')).toBeInTheDocument();
    expect(screen.getByText('Server: ism juda uzun')).toBeInTheDocument();
    expect(screen.getByLabelText('Ism')).toHaveAttribute('aria-invalid', 'true');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('puts a taken e-mail (409) beside the e-mail field', async () => {
    stubFetch(() => jsonResponse({ error: "Bu email bilan allaqachon ro'yxatdan o'tilgan", code: 'EMAIL_TAKEN' }, 409));
    const { user } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast("Bu email bilan allaqachon ro'yxatdan o'tilgan")).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription("Bu email bilan allaqachon ro'yxatdan o'tilgan");
  });

  it("toasts the spec's default text when the server gives no text", async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const { user } = renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast("Ro'yxatdan o'tishda xatolik yuz berdi")).toBeInTheDocument();
  });
});

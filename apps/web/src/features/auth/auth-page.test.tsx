import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { showSignedOut } from '../../lib/session';
import { findToast, jsonResponse, renderWithProviders, sampleUser, stubFetch } from '../../test/render';
import { AuthPage } from './auth-page';

describe('login / register screen', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    showSignedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("switches between 'Welcome to Yuk Tender' and 'Create Account' with the 'Sign Up' / 'Log In' links", async () => {
    const { user } = renderWithProviders(<AuthPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Login', 'Mobile-ID', 'ERI-Key']);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    for (const name of ['first_name', 'last_name', 'email', 'phone_number', 'password']) {
      expect(document.querySelector(`input[name="${name}"]`)).not.toBeNull();
    }

    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
  });

  it('returns to login mode after a registration, with the new e-mail filled in', async () => {
    stubFetch(() => jsonResponse(sampleUser, 201));
    const { user } = renderWithProviders(<AuthPage />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Ism'), 'Aziz');
    await user.type(screen.getByLabelText('Familiya'), 'Karimov');
    await user.type(screen.getByLabelText('Email'), 'aziz@example.uz');
    await user.type(screen.getByLabelText('Telefon raqami'), '901234567');
    await user.type(screen.getByLabelText('Parol'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast("Ro'yxatdan o'tish muvaffaqiyatli! Iltimos login qiling.")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('aziz@example.uz');
  });

  it('is translated fully in English and Russian', async () => {
    renderWithProviders(<AuthPage />);
    await changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await changeLanguage('ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать в Yuk Tender' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeInTheDocument();
  });
});

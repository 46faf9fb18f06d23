import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, LANGUAGE_STORAGE_KEY } from '../../i18n';
import { makeUser } from '../../test/factories';
import { jsonResponse, renderWithProviders, signedIn, stubFetch } from '../../test/render';
import { ProfilePage } from './profile-page';

describe('profile page', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    localStorage.clear();
  });

  it('shows the title and the three language buttons, uz chosen', () => {
    renderWithProviders(<ProfilePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Oʻzbekcha', 'English', 'Русский']);
    expect(screen.getByRole('button', { name: 'Oʻzbekcha' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches the language: texts change, the choice is stored under `lang` and marks the page', async () => {
    const { user } = renderWithProviders(<ProfilePage />);

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Oʻzbekcha' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');

    await user.click(screen.getByRole('button', { name: 'Oʻzbekcha' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uz');
  });
});

describe('profile page, signed in', () => {
  signedIn('en', makeUser({ phone_number: '+998901234567', phone_verified: true }));

  it('writes the number in the phone field as its placeholder does, after the fixed +998', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithProviders(<ProfilePage />);
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(field).toHaveValue('90 123 45 67');
    expect(field).toHaveAttribute('placeholder', '90 123 45 67');
  });
});

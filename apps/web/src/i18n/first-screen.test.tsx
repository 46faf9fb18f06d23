import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../app/provider';
import { AuthPage } from '../features/auth/auth-page';
import i18n, { changeLanguage } from './index';

// Only the texts loaded at start (this file imports neither the router nor ./feature-texts, as a first visit).
describe('the first screen', () => {
  const missing: string[] = [];

  beforeEach(async () => {
    await changeLanguage('uz');
    missing.length = 0;
    // called for every key the loaded texts lack (the screen would show the key itself)
    i18n.options.parseMissingKeyHandler = (key: string) => {
      missing.push(key);
      return key;
    };
  });
  afterEach(() => {
    i18n.options.parseMissingKeyHandler = undefined;
  });

  it('a text the start does not load is noticed', () => {
    expect(i18n.exists('nav.label')).toBe(false);
    i18n.t('nav.label');
    expect(missing).toEqual(['nav.label']);
  });

  it('the login screen, its tabs, the register form and their validation need only the texts loaded at start', async () => {
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <AppProvider queryClient={queryClient}>
        <AuthPage />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText("To'ldirilishi shart")).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Mobile-ID' }));
    await user.click(screen.getByRole('tab', { name: 'ERI-Key' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText("To'ldirilishi shart")).not.toHaveLength(0);

    for (const language of ['en', 'ru'] as const) await changeLanguage(language);
    expect(missing).toEqual([]);
  });
});

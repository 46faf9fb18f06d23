import { afterAll, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage, currentLanguage, LANGUAGE_STORAGE_KEY, loadFeatureTexts } from './index';

// the Russian texts of the signed-in pages cannot be downloaded here (as offline)
vi.mock('./feature-texts/ru', () => {
  throw new Error('offline');
});

const navLabel = (lang: string): unknown => i18n.getResource(lang, 'translation', 'nav.label');

// In the order of a visit: the login screen, the signed-in pages, then the language switches.
describe('the texts of the signed-in pages', () => {
  afterAll(async () => {
    await changeLanguage('uz');
  });

  it('load with the pages, in the language in use only', async () => {
    expect(navLabel('uz')).toBeUndefined();
    await loadFeatureTexts();
    expect(navLabel('uz')).toBe('Asosiy menyu');
    expect(navLabel('en')).toBeUndefined();
  });

  it("load another language's before switching to it, so the switch shows them at once", async () => {
    await changeLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('nav.label')).toBe('Main menu');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keep the language when the new one cannot be downloaded', async () => {
    await expect(changeLanguage('ru')).rejects.toThrow();
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).not.toBe('ru');
    expect(document.documentElement.lang).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@yuk/shared';
import enFeatureTexts from './feature-texts/en';
import ruFeatureTexts from './feature-texts/ru';
import uzFeatureTexts from './feature-texts/uz';
import { startTexts } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

/** The signed-in pages' texts, written one language to a module: each part's three languages together. */
const featureTexts = uzFeatureTexts.map((_, part): Record<Language, object> => ({
  uz: uzFeatureTexts[part]!,
  en: enFeatureTexts[part]!,
  ru: ruFeatureTexts[part]!,
}));

/** Every text of the product by key, in the three languages: the web's bundles and the shared catalogues. */
function allTexts(): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  // the shared catalogues (API errors, field messages) are among them, as the web app registers them
  for (const bundle of [...startTexts, ...featureTexts]) {
    const byLanguage = LANGUAGES.map((lang) => flatten(bundle[lang] as Tree));
    for (const key of Object.keys(byLanguage[0]!))
      texts.set(
        key,
        byLanguage.map((texts) => texts[key] ?? ''),
      );
  }
  return texts;
}

describe('the texts', () => {
  it('say each thing once: no two keys hold the same text in all three languages', () => {
    const byText = new Map<string, string[]>();
    for (const [key, triple] of allTexts()) {
      const id = JSON.stringify(triple);
      byText.set(id, [...(byText.get(id) ?? []), key]);
    }
    const repeated = [...byText]
      .filter(([, keys]) => keys.length > 1)
      .map(([text, keys]) => `${text}: ${keys.join(', ')}`);
    expect(repeated).toEqual([]);
  });

  it('list the same parts in every language', () => {
    expect([enFeatureTexts.length, ruFeatureTexts.length]).toEqual([uzFeatureTexts.length, uzFeatureTexts.length]);
  });

  it('have every key in every language, none empty', () => {
    for (const [key, triple] of allTexts()) expect(triple.every(Boolean), key).toBe(true);
  });
});

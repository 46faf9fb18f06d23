import { z } from 'zod';
import { parseDecimal } from './money.js';

// What a person typed, read the same way by every form and every schema, whatever the subject.

/** Nothing entered: absent, null, or blank text. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Whether a text holds control characters (which PostgreSQL partly cannot store, NUL above all). Long texts
 * may keep line breaks and tabs.
 */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 127) return true;
    if (code < 32 && !(allowLineBreaks && (code === 9 || code === 10 || code === 13))) return true;
  }
  return false;
}

/**
 * A text typed into a form: trimmed, 1 to `max` characters ('required', 'too_long'), no control characters
 * ('invalid'); with `lineBreaks` it may keep line breaks and tabs.
 */
export function typedText(max: number, { lineBreaks = false }: { lineBreaks?: boolean } = {}) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .refine((value) => !hasControlCharacters(value, lineBreaks), { error: 'invalid' });
}

/** What a user typed in a number box: "12.5", " 12,5 " (decimal comma) or a JSON number. */
export function readTypedNumber(value: unknown): number | undefined {
  if (typeof value === 'string' && /^\s*[+-]?\d*,\d+\s*$/.test(value)) return parseDecimal(value.replace(',', '.'));
  return parseDecimal(value);
}

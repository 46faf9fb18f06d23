/**
 * Money is kept as integer cents; the API speaks USD as JSON numbers. These helpers convert between the
 * two through the decimal text of a number, so 0.1 + 0.2 style float drift never reaches a stored amount.
 */

export const CENTS_PER_USD = 100;

/** Plain decimal text: digits, an optional fraction, an optional exponent (what String(number) may give). */
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The exact decimal value of `text` as integer units of 10^-scale, or undefined when it is not a decimal
 * number, has more than `scale` significant decimals, or does not fit a safe integer.
 */
function decimalToScaledInteger(text: string, scale: number): number | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return undefined;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return undefined;
  // All digits as one integer, with the decimal point `pointFromRight` places from the right.
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  const pointFromRight = fraction.length - exponent;
  let scaled: string;
  if (pointFromRight <= scale) {
    scaled = digits + '0'.repeat(scale - pointFromRight);
  } else {
    const cut = pointFromRight - scale;
    const dropped = digits.slice(Math.max(0, digits.length - cut));
    if (/[1-9]/.test(dropped)) return undefined;
    scaled = digits.slice(0, Math.max(0, digits.length - cut)) || '0';
  }
  const value = Number(scaled);
  if (!Number.isSafeInteger(value)) return undefined;
  return sign === '-' && value !== 0 ? -value : value;
}

/**
 * USD (a JSON number or the text a user typed, such as "1250.5") → integer cents. Undefined for anything
 * that is not a finite amount with at most two decimals (NaN, Infinity, "", "12abc", 1.234).
 */
export function usdToCents(amount: number | string): number | undefined {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return undefined;
    return decimalToScaledInteger(String(amount), 2);
  }
  if (typeof amount !== 'string') return undefined;
  const text = amount.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return decimalToScaledInteger(text, 2);
}

/** Integer cents → USD as a number (the nearest double to the exact decimal, e.g. 12345 → 123.45). */
export function centsToUsd(cents: number): number {
  return cents / CENTS_PER_USD;
}

/** Whether a USD amount has at most two decimals (1.1 and 1.10 yes, 1.001 no). */
export function hasAtMostTwoDecimals(amount: number | string): boolean {
  return usdToCents(amount) !== undefined;
}

/**
 * A decimal number from a JSON number or typed text ("12.5", " 3 "); undefined for blank text, NaN,
 * Infinity and anything else that is not a plain decimal (no exponents, no thousands separators).
 */
export function parseDecimal(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * A number with en-US grouping (1,234,567.8), rounded to at most `maxFraction` decimals and shown with at
 * least `minFraction`. What Intl.NumberFormat would write for our amounts and counts, without it: making the
 * first one loads the locale's data: on a phone a long task of its own on every list's first screen, and on
 * the server a formatter kept per process.
 * Numbers too large to hold exactly are left to Intl.
 */
export function groupDigits(value: number, minFraction: number, maxFraction: number): string {
  const scale = 10 ** maxFraction;
  const scaled = Math.round(Math.abs(value) * scale);
  if (!Number.isSafeInteger(scaled)) {
    return new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
    }).format(value);
  }
  const whole = String(Math.floor(scaled / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let fraction = maxFraction > 0 ? String(scaled % scale).padStart(maxFraction, '0') : '';
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as the texts of notifications and errors show an amount: 1,250.5 (USD, without the unit). */
export function formatUsd(cents: number): string {
  return groupDigits(centsToUsd(cents), 0, 2);
}

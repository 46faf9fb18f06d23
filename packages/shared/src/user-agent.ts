/**
 * A readable name of the browser and the system a user agent string names (Chrome 131, Android 14), for the
 * lists of sessions and of the audit trail. Only the common browsers and systems; anything else is null and
 * the screens show their own "unknown" text. Order matters: Edge, Opera and Yandex also say Chrome, and
 * Chrome also says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/YaBrowser\/(\d+)/, 'Yandex Browser'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function systemOf(ua: string): string | null {
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)(?:_(\d+))?/.exec(ua);
  if (ios) return `iOS ${ios[1]}${ios[2] ? `.${ios[2]}` : ''}`;
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

export function describeUserAgent(ua: string | null | undefined): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, os: systemOf(ua) };
}

import { describe, expect, it } from 'vitest';
import { parseLaunch } from './launch';

describe('a Telegram launch', () => {
  it('reads the launch parameters Telegram puts in the fragment, keeping the init data exactly as signed', () => {
    const initData = 'auth_date=1795680000&user=%7B%22id%22%3A5%7D&start_param=tender-42&hash=abc';
    const hash = `#${new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5', bad: 'url(x)' }),
    }).toString()}`;
    expect(parseLaunch(hash)).toEqual({
      initData,
      // the start parameter from the init data when the fragment has none of its own
      startParam: 'tender-42',
      theme: { bg_color: '#17212b', text_color: '#f5f5f5' },
      platform: 'ios',
    });
  });

  it('is no launch without init data (a reset link’s #token=…, or nothing)', () => {
    expect(parseLaunch('#token=abc')).toBeNull();
    expect(parseLaunch('')).toBeNull();
    expect(parseLaunch('#tgWebAppVersion=8.0')).toBeNull();
  });

  it('takes the fragment’s start parameter and survives an unreadable theme', () => {
    const launch = parseLaunch('#tgWebAppData=hash%3Dx&tgWebAppStartParam=tender-7&tgWebAppThemeParams=%7Bnot');
    expect(launch?.startParam).toBe('tender-7');
    expect(launch?.theme).toEqual({});
    expect(launch?.platform).toBe('unknown');
  });
});

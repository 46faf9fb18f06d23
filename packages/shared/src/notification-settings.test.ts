import { describe, expect, it } from 'vitest';
import {
  clockMinutes,
  clockTimeOf,
  DELIVERY_EVENTS,
  EVENT_OF_KIND,
  notificationSettingsInput,
  quietHoursEndMs,
} from './notification-settings.js';
import { NOTIFICATION_KINDS } from './notifications.js';

const at = (iso: string) => Date.parse(iso);

describe('quiet hours (Tashkent time)', () => {
  const [start, end] = [clockMinutes('22:00'), clockMinutes('07:00')];

  it('holds a message sent in a window past midnight until the window ends', () => {
    // 23:30 in Tashkent is 18:30 UTC; the window ends at 07:00 the next morning, 02:00 UTC
    expect(quietHoursEndMs(at('2026-11-24T18:30:00Z'), start, end)).toBe(at('2026-11-25T02:00:00Z'));
    // 03:00 in Tashkent (22:00 UTC the day before): the same morning's 07:00
    expect(quietHoursEndMs(at('2026-11-24T22:00:00Z'), start, end)).toBe(at('2026-11-25T02:00:00Z'));
  });

  it('lets a message through outside the window, the end itself included', () => {
    expect(quietHoursEndMs(at('2026-11-25T02:00:00Z'), start, end)).toBeNull();
    expect(quietHoursEndMs(at('2026-11-24T16:59:00Z'), start, end)).toBeNull();
    expect(quietHoursEndMs(at('2026-11-24T17:00:00Z'), start, end)).toBe(at('2026-11-25T02:00:00Z'));
  });

  it('handles a window within one day', () => {
    const lunch = [clockMinutes('13:00'), clockMinutes('14:00')] as const;
    expect(quietHoursEndMs(at('2026-11-24T08:30:00Z'), ...lunch)).toBe(at('2026-11-24T09:00:00Z'));
    expect(quietHoursEndMs(at('2026-11-24T09:00:00Z'), ...lunch)).toBeNull();
  });

  it('writes and reads HH:MM', () => {
    expect(clockTimeOf(clockMinutes('07:05'))).toBe('07:05');
    expect(clockTimeOf(0)).toBe('00:00');
  });
});

describe('the settings payload', () => {
  it('gives every notification kind an event', () => {
    for (const kind of NOTIFICATION_KINDS) expect(DELIVERY_EVENTS).toContain(EVENT_OF_KIND[kind]);
  });

  it('keeps in_app on and refuses unknown events, channels and times', () => {
    const parsed = notificationSettingsInput.parse({ events: { outbid: ['telegram'] } });
    expect(parsed.events?.outbid).toEqual(['in_app', 'telegram']);
    expect(notificationSettingsInput.safeParse({ events: { lunch: ['email'] } }).success).toBe(false);
    expect(notificationSettingsInput.safeParse({ events: { outbid: ['fax'] } }).success).toBe(false);
    expect(notificationSettingsInput.safeParse({ quiet_hours: { start: '24:00', end: '07:00' } }).success).toBe(false);
    expect(notificationSettingsInput.safeParse({ quiet_hours: { start: '07:00', end: '07:00' } }).success).toBe(false);
    expect(notificationSettingsInput.safeParse({ quiet_hours: null }).success).toBe(true);
  });
});

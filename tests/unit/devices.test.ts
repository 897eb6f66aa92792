import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from '@/components/account/devices';
import { formatDateTime } from '@/lib/format';

describe('formatDateTime', () => {
  const iso = '2025-03-09T21:05:07.000Z';

  it('prints short date and medium 24-hour time in the given zone', () => {
    expect(formatDateTime(iso, 'en', 'America/Santiago')).toBe('3/9/25, 18:05:07');
    expect(formatDateTime(iso, 'es', 'Europe/Madrid')).toBe('9/3/25, 22:05:07');
    expect(formatDateTime(iso, 'en', 'UTC')).toBe('3/9/25, 21:05:07');
  });

  it('falls back to the runtime zone for an unknown zone, and is empty for a bad date', () => {
    expect(formatDateTime(iso, 'en', 'Mars/Olympus')).toBe(formatDateTime(iso, 'en', null));
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
  });
});

describe('summarizeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge 126',
      'Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17', 'macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36', 'Chrome 126', 'Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome 140', 'Linux'],
  ])('%s', (ua, browser, os) => {
    expect(summarizeUserAgent(ua)).toEqual({ browser, os });
  });

  it('gives nulls for what it does not know', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(summarizeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});

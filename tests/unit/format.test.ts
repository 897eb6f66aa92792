import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimalMoney,
  formatFileSize,
  formatMoney,
  formatSantiago,
  formatSeconds,
  minorToDecimal,
  minorUnitsOf,
  relativeTime,
} from '@/lib/format';

// Intl separates some parts with narrow or no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('follows each fiat currency’s ISO minor unit', () => {
    expect(plain(formatMoney(123450n, 'USD', 'en'))).toBe('$1,234.50');
    expect(plain(formatMoney(123450n, 'USD', 'es'))).toBe('1234,50 US$');
    expect(plain(formatMoney(1235, 'JPY', 'en'))).toBe('¥1,235');
    expect(plain(formatMoney(1234567, 'KWD', 'en'))).toBe('KWD 1,234.567');
    expect(plain(formatMoney('1500', 'CLP', 'es-CL'))).toBe('$1.500');
  });

  it('stores BTC in 8 and USDT in 6 minor units and shows them in full, at least 4 decimals, with the code', () => {
    expect(plain(formatMoney(12345678n, 'BTC', 'en'))).toBe('BTC 0.12345678');
    expect(plain(formatMoney(12345678n, 'BTC', 'es'))).toBe('0,12345678 BTC');
    expect(plain(formatMoney(100_000_000n, 'BTC', 'en'))).toBe('BTC 1.0000');
    expect(plain(formatMoney(2_500_000n, 'USDT', 'en'))).toBe('USDT 2.5000');
    expect(plain(formatMoney(1_234_567n, 'USDT', 'en'))).toBe('USDT 1.234567');
    // No sign that some system fonts lack (₿ drew as a missing-glyph box).
    expect(formatMoney(1n, 'BTC', 'en')).not.toMatch(/[^\x20-\x7e\u00a0]/);
  });

  it('shows a unit price’s fraction of a minor unit, and a rate written in the currency’s unit', () => {
    expect(formatMoney('3333', 'USD', 'en', 4)).toBe('$33.33');
    expect(formatMoney('3333.3333', 'USD', 'en', 4)).toBe('$33.333333');
    expect(plain(formatMoney('4900', 'USD', 'es', 4))).toBe('49,00 US$');
    expect(formatMoney('15.5', 'USD', 'en', 4)).toBe('$0.155');
    expect(formatDecimalMoney('50000', 'USD', 'en')).toBe('$50,000.00');
    expect(plain(formatDecimalMoney('40000.5', 'USD', 'es'))).toBe('40.000,50 US$');
  });

  it('prints the Unidad de Fomento with 2 decimals and UF', () => {
    expect(minorUnitsOf('CLF')).toBe(4);
    expect(plain(formatMoney(123456n, 'CLF', 'es'))).toBe('12,35 UF');
    expect(formatMoney(123456n, 'CLF', 'en')).toBe('12.35 UF');
  });

  it('keeps the sign of negative amounts and drops it when they round to zero', () => {
    expect(formatMoney(-123450n, 'USD', 'en')).toBe('-$1,234.50');
    expect(plain(formatMoney(-5, 'BTC', 'en'))).toBe('-BTC 0.00000005');
    expect(plain(formatMoney('-12345678', 'BTC', 'en'))).toBe('-BTC 0.12345678');
    expect(formatMoney(-1, 'USD', 'en')).toBe('-$0.01');
  });

  it('is exact beyond 2^53, from a bigint or a string of digits', () => {
    const huge = 2n ** 64n + 1n; // 18446744073709551617
    expect(formatMoney(huge, 'USD', 'en')).toBe('$184,467,440,737,095,516.17');
    expect(formatMoney(huge.toString(), 'JPY', 'en')).toBe('¥18,446,744,073,709,551,617');
    expect(plain(formatMoney(-huge, 'BTC', 'en'))).toBe('-BTC 184,467,440,737.09551617');
  });

  it('refuses what is not a number of minor units', () => {
    expect(() => formatMoney(1.5, 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney('12,50', 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney('1e3', 'USD', 'en')).toThrow(RangeError);
  });

  it('writes minor units as an exact decimal', () => {
    expect(minorToDecimal(5n, 2)).toBe('0.05');
    expect(minorToDecimal(-5n, 8)).toBe('-0.00000005');
    expect(minorToDecimal(42n, 0)).toBe('42');
  });
});

describe('dates', () => {
  const instant = '2024-03-05T14:07:09Z';

  it('writes a short date and a medium 24-hour time in the user’s zone', () => {
    expect(plain(formatDateTime(instant, 'en', 'America/Santiago'))).toBe('3/5/24, 11:07:09');
    expect(plain(formatDateTime(instant, 'es', 'Asia/Tokyo'))).toBe('5/3/24, 23:07:09');
    expect(formatDate(instant, 'en', 'Asia/Tokyo')).toBe('3/5/24');
  });

  it('falls back to the runtime’s zone for an unknown zone, and to nothing for a bad date', () => {
    expect(formatDateTime(instant, 'en', 'Mars/Olympus')).toBe(formatDateTime(instant, 'en'));
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
  });

  it('formats Santiago time as YYYY-MM-DD HH:MM:SS across its DST change', () => {
    expect(formatSantiago(instant)).toBe('2024-03-05 11:07:09'); // summer, UTC−3
    expect(formatSantiago('2024-07-01T00:00:00Z')).toBe('2024-06-30 20:00:00'); // winter, UTC−4
    expect(formatSantiago(Date.UTC(2024, 0, 1, 3, 0, 0))).toBe('2024-01-01 00:00:00');
  });

  it('says how long ago in the user’s language', () => {
    const now = Date.parse(instant);
    expect(relativeTime(now - 3 * 3600_000, now, 'en')).toBe('3 hours ago');
    expect(relativeTime(now - 86400_000, now, 'es')).toBe('ayer');
    expect(relativeTime(now, now, 'en')).toBe('now');
  });
});

describe('formatSeconds', () => {
  it.each([
    [0, '00:00'],
    [59.9, '00:59'],
    [61, '01:01'],
    [3600, '60:00'],
    [-4, '00:00'],
  ])('%s s → %s', (seconds, text) => expect(formatSeconds(seconds)).toBe(text));
});

describe('formatFileSize', () => {
  it.each([
    [0, 'en', '0 B'],
    [1023, 'en', '1,023 B'],
    [1024, 'en', '1.00 KB'],
    [1536, 'es', '1,50 KB'],
    [10 * 1024 * 1024, 'en', '10.00 MB'],
    [1024 ** 3 * 2.345, 'en', '2.35 GB'],
    [1024 ** 5, 'en', '1,024.00 TB'],
  ])('%s bytes (%s) → %s', (bytes, locale, text) => expect(plain(formatFileSize(bytes, locale))).toBe(text));
});

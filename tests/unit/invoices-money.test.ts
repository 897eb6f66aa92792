import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format/money';
import { computeTotals, cryptoAmount, divRound, fiatValue, lineAmount, parseScaled, percentOf } from '@/lib/invoices/money';

const line = (quantity: string, unitPrice: string) => ({ description: 'x', quantity, unitPrice });

describe('invoice rounding', () => {
  it.each([
    // quantity, unit price (minor units), line amount
    ['3', '33.3', 100n], // 99.9 → 100: one rounding of the exact product
    ['0.333', '300', 100n], // 99.9 → 100
    ['3', '0.333', 1n], // 0.999 → 1
    ['1', '0.5', 1n], // half away from zero
    ['1', '0.4999', 0n],
    ['2.5', '1', 3n],
    ['1.005', '100', 101n], // 100.5 → 101 (a float would give 100.49999…)
    ['0.001', '1', 0n],
  ])('%s × %s → %s', (q, p, expected) => {
    expect(lineAmount({ quantity: q, unitPrice: p })).toBe(expected);
  });

  it('rounds each line, not the sum: three lines of 0.333 × 100 are 33 + 33 + 33', () => {
    const t = computeTotals({ lines: [line('0.333', '100'), line('0.333', '100'), line('0.333', '100')], taxes: [] });
    expect(t.lines).toEqual([33n, 33n, 33n]);
    expect(t.total).toBe(99n);
  });

  it.each([
    // subtotal in cents, GST 5 % + QST 9.975 % stacked (not compound): each tax rounded once
    [10000n, 500n, 998n, 11498n], // 9.975 → 9.98
    [1005n, 50n, 100n, 1155n], // 50.25 → 50; 100.24875 → 100
    [2010n, 101n, 200n, 2311n], // 100.5 → 101; 200.4975 → 200
    [1n, 0n, 0n, 1n],
    [999999n, 50000n, 99750n, 1149749n], // 49999.95 → 50000; 99749.90025 → 99750
  ])('5%% + 9.975%% on %s', (subtotal, gst, qst, total) => {
    const t = computeTotals({
      lines: [line('1', subtotal.toString())],
      taxes: [
        { name: 'GST', rate: '5', compound: false },
        { name: 'QST', rate: '9.975', compound: false },
      ],
    });
    expect(t.taxes).toEqual([gst, qst]);
    expect(t.total).toBe(total);
    expect(t.total).toBe(t.subtotal - t.discount + t.taxTotal);
  });

  it('a compound tax applies to the base plus the taxes before it', () => {
    const t = computeTotals({
      lines: [line('1', '10000')],
      taxes: [
        { name: 'GST', rate: '5', compound: false },
        { name: 'QST', rate: '9.975', compound: true },
      ],
    });
    // 10500 × 9.975 % = 1047.375 → 1047
    expect(t.taxes).toEqual([500n, 1047n]);
    expect(t.total).toBe(11547n);
  });

  it('discounts: a percentage rounded once, a fixed amount capped at the subtotal, taxes on what is left', () => {
    const pct = computeTotals({
      lines: [line('3', '333')],
      discount: { kind: 'percent', value: '12.5' },
      taxes: [{ name: 'VAT', rate: '21', compound: false }],
    });
    // 999 − 124.875→125 = 874; 21 % = 183.54 → 184
    expect([pct.subtotal, pct.discount, pct.taxes[0], pct.total]).toEqual([999n, 125n, 184n, 1058n]);
    const fixed = computeTotals({ lines: [line('1', '500')], discount: { kind: 'amount', value: '900' }, taxes: [] });
    expect([fixed.discount, fixed.total]).toEqual([500n, 0n]);
  });

  it('handles amounts past 2^53 exactly', () => {
    const t = computeTotals({ lines: [line('1000', '999999999999999')], taxes: [] });
    expect(t.total).toBe(999999999999999000n);
  });

  it('parses only plain decimals within the allowed places', () => {
    expect(parseScaled('1.5', 3)).toBe(1500n);
    expect(parseScaled('1.2345', 3)).toBeNull();
    expect(parseScaled('-1', 3)).toBeNull();
    expect(parseScaled('1e3', 3)).toBeNull();
    expect(divRound(-5n, 10n)).toBe(-1n);
    expect(percentOf(1n, '50')).toBe(1n);
  });

  it('crypto quotes round up, never short', () => {
    // 50.00 USD at 50,000 USD/BTC = 0.001 BTC exactly
    expect(cryptoAmount(5000n, 2, '50000', 8)).toBe(100000n);
    // 1 cent at 30,000.5 → 0.000000333327… BTC → 34 sats
    expect(cryptoAmount(1n, 2, '30000.5', 8)).toBe(34n);
    expect(cryptoAmount(12345n, 2, '1.0001', 6)).toBe(123437657n);
    expect(fiatValue(100000n, 8, '50000', 2)).toBe(5000n);
  });

  it('tells the payer to send exactly the quoted amount, which settles what is owed', () => {
    // 100.00 USD at 50,004 USD/BTC = 0.00199984… BTC → 199985 sats, shown to the last satoshi.
    const coins = cryptoAmount(10000n, 2, '50004', 8);
    expect(coins).toBe(199985n);
    expect(fiatValue(coins, 8, '50004', 2)).toBeGreaterThanOrEqual(10000n);
    // Exactly enough: the quote covers 100.00 USD, one satoshi less would not.
    expect(coins * 50004n >= 10000n * 10n ** 6n && (coins - 1n) * 50004n < 10000n * 10n ** 6n).toBe(true);
    const shown = formatMoney(coins, 'BTC', 'en');
    expect(shown).toBe('BTC\u00a00.00199985');
    // What the payer reads back is the quote itself, not a rounding of it.
    expect(BigInt(shown.replace(/\D/g, ''))).toBe(coins);
    // 0.0019998 BTC: 4 decimals would have said 0.0020, more than was quoted.
    expect(formatMoney(199980n, 'BTC', 'en')).toBe('BTC\u00a00.0019998');
    expect(formatMoney(199980n, 'BTC', 'es')).toBe('0,0019998\u00a0BTC');
  });

  it('the shared formatter shows the stored figures as SPEC §9 says', () => {
    expect(formatMoney(11498n, 'CAD', 'en')).toBe('CA$114.98');
    expect(formatMoney(123456789n, 'BTC', 'en')).toBe('BTC\u00a01.23456789');
    expect(formatMoney(12345n, 'CLF', 'en')).toBe('1.23 UF'); // CLF has 4 decimals
    expect(formatMoney(1500n, 'JPY', 'en')).toBe('¥1,500');
  });
});

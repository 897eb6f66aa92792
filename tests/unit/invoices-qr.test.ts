import { describe, expect, it } from 'vitest';
import { accountValid, bicValid, ibanValid, printedAccount } from '@/lib/invoices/bank';
import { openQuote, paymentUri } from '@/lib/invoices/pay-uri';
import { formatBits, qrMatrix, rsRemainder, versionFor } from '@/lib/invoices/qr';
import type { PaymentView } from '@/lib/invoices/schemas';

describe('the QR encoder', () => {
  it('computes the Reed–Solomon codewords of the standard’s worked example (HELLO WORLD, 1-M)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('writes the format bits of level M with mask 0', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
  });

  it('picks the smallest version that holds the bytes, and refuses past version 10', () => {
    expect([versionFor(14), versionFor(15), versionFor(100), versionFor(213), versionFor(214)]).toEqual([1, 2, 6, 10, null]);
    expect(() => qrMatrix('x'.repeat(300))).toThrow(RangeError);
  });

  it('draws the three finder patterns, the timing rows and the format bits where a scanner looks', () => {
    const m = qrMatrix('bitcoin:?amount=0.0019998&label=INV-2026-0001');
    const size = m.length;
    expect((size - 17) % 4).toBe(0);
    const finder = (x0: number, y0: number) => Array.from({ length: 7 }, (_, y) => Array.from({ length: 7 }, (_, x) => (m[y0 + y][x0 + x] ? 1 : 0)).join(''));
    const expected = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    expect([finder(0, 0), finder(size - 7, 0), finder(0, size - 7)]).toEqual([expected, expected, expected]);
    for (let i = 8; i < size - 8; i += 1) expect([m[6][i], m[i][6]]).toEqual([i % 2 === 0, i % 2 === 0]);
    // The format bits, read as a scanner reads the first copy (around the top-left finder).
    const bits = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => m[y][8]).concat([7, 5, 4, 3, 2, 1, 0].map((x) => m[8][x]));
    expect(
      bits
        .map((b) => (b ? '1' : '0'))
        .reverse()
        .join(''),
    ).toBe('101010000010010');
    // The dark module beside the bottom-left finder.
    expect(m[size - 8][8]).toBe(true);
  });

  it('writes the version information from version 7 up, in both corners', () => {
    const m = qrMatrix('https://btcpay.example.com/i/'.padEnd(130, 'x'));
    const size = m.length;
    expect(size).toBe(8 * 4 + 17);
    let topRight = 0;
    let bottomLeft = 0;
    for (let i = 0; i < 18; i += 1) {
      topRight |= (m[Math.floor(i / 3)][size - 11 + (i % 3)] ? 1 : 0) << i;
      bottomLeft |= (m[size - 11 + (i % 3)][Math.floor(i / 3)] ? 1 : 0) << i;
    }
    // Version 8's 18-bit code from the standard's table.
    expect([topRight, bottomLeft]).toEqual([0x085bc, 0x085bc]);
  });
});

describe('the payment URI', () => {
  const quote = (extra: Partial<PaymentView> = {}) =>
    ({
      method: 'crypto',
      status: 'pending',
      providerStatus: 'New',
      coin: 'BTC',
      coinAmount: '199980',
      checkoutUrl: null,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      ...extra,
    }) as PaymentView;

  it('carries the exact coin amount, the invoice number and the checkout when there is one', () => {
    expect(paymentUri(quote(), 'INV-2026-0001')).toBe('bitcoin:?amount=0.0019998&label=INV-2026-0001');
    expect(paymentUri(quote({ coin: 'USDT', coinAmount: '10869566', checkoutUrl: 'https://pay.example/i/abc' }), 'INV-1')).toBe(
      'tether:?amount=10.869566&label=INV-1&r=https%3A%2F%2Fpay.example%2Fi%2Fabc',
    );
  });

  it('is only for a quote still open: not an expired, settled or transfer one', () => {
    expect(openQuote([quote({ expiresAt: new Date(Date.now() - 1).toISOString() })])).toBeNull();
    expect(openQuote([quote({ status: 'confirmed' })])).toBeNull();
    expect(openQuote([quote({ method: 'transfer' })])).toBeNull();
    expect(openQuote([quote({ providerStatus: 'Processing' })])).toBeNull();
    expect(openQuote([quote()])?.coinAmount).toBe('199980');
  });
});

describe('bank details', () => {
  it('checks an IBAN’s check digits, with or without spaces', () => {
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('DE88 3704 0044 0532 0130 00')).toBe(false);
  });

  it('takes a domestic account number, but not one written as an IBAN that fails', () => {
    expect(accountValid('000123456789')).toBe(true);
    expect(accountValid('12-345-678')).toBe(true);
    expect(accountValid('GB00WEST12345698765432')).toBe(false);
    expect(accountValid('12$45')).toBe(false);
  });

  it('checks a BIC’s shape and prints an IBAN in groups of four', () => {
    expect([bicValid('DEUTDEFF'), bicValid('deut de ff 500'), bicValid('DEUTDEF'), bicValid('1EUTDEFF')]).toEqual([true, true, false, false]);
    expect(printedAccount('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(printedAccount('12-345-678')).toBe('12-345-678');
  });
});

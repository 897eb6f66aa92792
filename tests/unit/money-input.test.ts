import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { decimalMark, moneyInputText, parseMoney } from '@/lib/format/money-input';
import { format, lookup } from '@/lib/i18n/format';
import { translateToken } from '@/lib/validation/messages';
import { money } from '@/lib/validation/money';
import { manualPaymentSchema, invoiceDraftSchema } from '@/lib/invoices/schemas';
import { planFormSchema } from '@/lib/varket/schemas';

// The one money input: typed in the currency's unit and the reader's notation, held as minor units.

const says = (locale: 'en' | 'es', message: string) =>
  translateToken(message, (key, values) => format(lookup((locale === 'en' ? en : es).validation, key) ?? `validation.${key}`, values, locale));

describe('parseMoney', () => {
  it('reads the currency’s unit into its minor units, per locale', () => {
    expect(parseMoney('49.90', 'USD', 'en')).toEqual({ minor: '4990' });
    expect(parseMoney('49,90', 'USD', 'es')).toEqual({ minor: '4990' });
    expect(parseMoney('1,234.5', 'USD', 'en')).toEqual({ minor: '123450' });
    expect(parseMoney('1.234,5', 'USD', 'es')).toEqual({ minor: '123450' });
    expect(parseMoney('1500', 'JPY', 'en')).toEqual({ minor: '1500' });
    expect(parseMoney('1.234', 'KWD', 'en')).toEqual({ minor: '1234' });
    expect(parseMoney('0,005', 'KWD', 'es')).toEqual({ minor: '5' });
    expect(parseMoney(' 7 ', 'USD', 'en')).toEqual({ minor: '700' });
    expect(parseMoney('', 'USD', 'en')).toEqual({ minor: '' });
  });

  it('refuses more decimals than the currency has, and what is no number in that locale', () => {
    expect(parseMoney('49.999', 'USD', 'en')).toEqual({ error: 'moneyDecimals', digits: 2 });
    expect(parseMoney('1.5', 'JPY', 'en')).toEqual({ error: 'moneyDecimals', digits: 0 });
    expect(parseMoney('1.2345', 'KWD', 'en')).toEqual({ error: 'moneyDecimals', digits: 3 });
    for (const bad of ['abc', '-5', '1.2.3', '12,34', '1e3', '$5']) expect(parseMoney(bad, 'USD', 'en'), bad).toEqual({ error: 'number', digits: 2 });
    // In Spanish the point groups thousands: "49.90" is no amount there.
    expect(parseMoney('49.90', 'USD', 'es')).toEqual({ error: 'number', digits: 2 });
  });

  it('keeps the fraction of a minor unit a unit price may carry', () => {
    expect(parseMoney('0.333333', 'USD', 'en', 4)).toEqual({ minor: '33.3333' });
    expect(parseMoney('33,33', 'USD', 'es', 4)).toEqual({ minor: '3333' });
    expect(parseMoney('0.3333333', 'USD', 'en', 4)).toEqual({ error: 'moneyDecimals', digits: 6 });
  });

  it('writes minor units back as the input shows them', () => {
    expect(decimalMark('en')).toBe('.');
    expect(decimalMark('es')).toBe(',');
    expect(moneyInputText('4990', 'USD', 'en')).toBe('49.90');
    expect(moneyInputText('4990', 'USD', 'es')).toBe('49,90');
    expect(moneyInputText('1500', 'JPY', 'es')).toBe('1500');
    expect(moneyInputText('7', 'KWD', 'en')).toBe('0.007');
    expect(moneyInputText('33.3333', 'USD', 'en')).toBe('0.333333');
    expect(moneyInputText('3333.0000', 'USD', 'en')).toBe('33.33');
    expect(moneyInputText('', 'USD', 'en')).toBe('');
  });
});

describe('the money rule', () => {
  it('passes minor units and reports what the input could not read, translated', () => {
    const rule = money();
    expect(rule.test('4990')).toBeUndefined();
    const decimals = rule.test('validation.moneyDecimals {"digits":2}')!;
    expect(says('en', decimals)).toBe('Use at most 2 decimal places.');
    expect(says('es', decimals)).toBe('Usa como máximo 2 decimales.');
    expect(says('en', rule.test('validation.moneyDecimals {"digits":0}')!)).toBe('Enter a whole amount, without decimals.');
    expect(says('es', rule.test('49.90')!)).toBe('Introduce un número válido.');
    expect(says('en', money({ positive: true }).test('0')!)).toBe('Enter a number greater than 0.');
    expect(money({ extraDigits: 4 }).test('33.3333')).toBeUndefined();
    expect(money({ extraDigits: 4 }).test('33.33333')).toBeDefined();
  });

  it('is what the invoice, payment and varket schemas check', () => {
    const line = { description: 'Plan', quantity: '1', unitPrice: 'validation.moneyDecimals {"digits":6}' };
    const draft = { currency: 'USD', issueDate: '2026-01-01', dueDate: '2026-01-31', lines: [line] };
    const issues = invoiceDraftSchema.safeParse(draft).error!.issues;
    expect(issues.map((i) => [i.path.join('.'), says('en', i.message)])).toEqual([['lines.0.unitPrice', 'Use at most 6 decimal places.']]);
    expect(invoiceDraftSchema.safeParse({ ...draft, lines: [{ ...line, unitPrice: '3333.3333' }] }).success).toBe(true);
    expect(manualPaymentSchema.safeParse({ amount: '4990' }).success).toBe(true);
    expect(manualPaymentSchema.safeParse({ amount: '49.90' }).success).toBe(false);
    const plan = { name: 'A', price: '4990', currency: 'USD', interval: 'once' };
    expect(planFormSchema.safeParse(plan).success).toBe(true);
    expect(planFormSchema.safeParse({ ...plan, price: 'validation.number' }).error?.issues[0].message).toBe('validation.number');
  });
});

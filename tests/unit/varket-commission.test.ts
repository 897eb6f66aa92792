import { describe, expect, it } from 'vitest';
import { parseMoney, moneyInputText } from '@/lib/format/money-input';
import { saleFigures } from '@/lib/varket/commission';
import { nextMonthStart } from '@/lib/varket/period';
import { planSchema, saleSchema } from '@/lib/varket/schemas';
import { shiftMonth } from '@/components/varket/MonthNav';

describe('varket figures', () => {
  it('rounds the commission once, half away from zero, on what was kept', () => {
    expect(saleFigures(4, 0, '12.5')).toEqual({ commission: 1, net: 3 }); // 0.5 → 1
    expect(saleFigures(3, 0, '12.5')).toEqual({ commission: 0, net: 3 }); // 0.375 → 0
    expect(saleFigures(4990, 0, '12.5')).toEqual({ commission: 624, net: 4366 }); // 623.75
    expect(saleFigures(4990, 1000, '12.5')).toEqual({ commission: 499, net: 3491 }); // 498.75
    expect(saleFigures(1000, 1000, '10')).toEqual({ commission: 0, net: 0 });
    expect(saleFigures(1235, 0, '7.5')).toEqual({ commission: 93, net: 1142 }); // 92.625
  });

  it('converts decimals and minor units exactly per currency', () => {
    expect(parseMoney('49.90', 'USD', 'en')).toEqual({ minor: '4990' });
    expect(parseMoney('500', 'JPY', 'en')).toEqual({ minor: '500' });
    expect(parseMoney('1.234', 'USD', 'en')).toEqual({ error: 'moneyDecimals', digits: 2 });
    expect(moneyInputText('4990', 'USD', 'en')).toBe('49.90');
    expect(moneyInputText('7', 'KWD', 'en')).toBe('0.007');
  });

  it('walks months across years', () => {
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('refuses bad plans and sales', () => {
    expect(planSchema.safeParse({ name: 'A', price: '1.5', currency: 'USD', interval: 'once' }).success).toBe(false);
    expect(planSchema.safeParse({ name: 'A', price: '150', currency: 'usd', interval: 'once' }).success).toBe(false);
    expect(planSchema.safeParse({ name: 'A', price: '150', currency: 'USD', interval: 'once' }).data?.price).toBe(150);
    expect(saleSchema.safeParse({ planId: 'x', sellerId: 'y', customerRef: '', gross: '0', soldOn: '2026-02-30' }).error?.issues.length).toBeGreaterThanOrEqual(
      4,
    );
  });
});

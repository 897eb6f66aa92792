import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/lib/i18n/translations';

describe('server translators', () => {
  it('are made once per language and namespace, and format ICU plurals in that language', () => {
    const en = translatorFor('en', 'requests');
    expect(translatorFor('en', 'requests')).toBe(en);
    expect(translatorFor('es', 'requests')).not.toBe(en);
    expect(en('satisfactionText', { total: 1, days: 30 })).toBe('1 rating in the last 30 days');
    expect(en('satisfactionText', { total: 1200, days: 1 })).toBe('1,200 ratings in the last day');
    expect(translatorFor('es', 'requests')('satisfactionNone', { days: 30 })).toMatch(/30 días/);
  });

  it('say the same thing on every call: a compiled message is reused, not changed', () => {
    const t = translatorFor('en', 'dashboard');
    const first = t('welcome', { name: 'Ada' });
    expect(first).toBe('Welcome, Ada');
    expect(t('welcome', { name: 'Grace' })).toBe('Welcome, Grace');
    expect(t('welcome', { name: 'Ada' })).toBe(first);
  });
});

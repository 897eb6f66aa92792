import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { extensions } from '@/lib/access/extensions';
import { format } from '@/lib/i18n/format';
import { minorUnitsOf } from '@/lib/format';
import { currencyOptions, isCurrency, numericCodeOf } from '@/lib/settings/currencies';
import { languageOptions } from '@/lib/settings/options';
import { exclusiveExtensions, extensionsSettingsSchema, generalSettingsSchema, switchableExtensions } from '@/lib/settings/schemas';
import { token, translateToken } from '@/lib/validation';
import es from '@/messages/es.json';

/** Issues as `path: token` pairs, or the parsed data. */
function parse(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { issues: Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message])) };
}

const valid = { name: 'Demo Studio', currency: 'CLP', timeZone: 'America/Santiago', language: 'es' };

describe('generalSettingsSchema', () => {
  it('accepts a full form and trims the name', () => {
    expect(parse(generalSettingsSchema, { ...valid, name: '  Acme (Chile) & Co.  ' })).toEqual({ data: { ...valid, name: 'Acme (Chile) & Co.' } });
    expect(parse(generalSettingsSchema, { ...valid, removeLogo: true })).toEqual({ data: { ...valid, removeLogo: true } });
  });

  it('requires every field', () => {
    expect(parse(generalSettingsSchema, {})).toEqual({
      issues: { name: token('required'), currency: token('required'), timeZone: token('required'), language: token('required') },
    });
  });

  it('limits the name to 80 characters of the productName pattern', () => {
    expect(parse(generalSettingsSchema, { ...valid, name: 'é'.repeat(80) })).toHaveProperty('data');
    expect(parse(generalSettingsSchema, { ...valid, name: 'é'.repeat(81) })).toEqual({ issues: { name: token('stringMax', { max: 80 }) } });
    expect(parse(generalSettingsSchema, { ...valid, name: '<b>Acme</b>' })).toEqual({ issues: { name: token('pattern.productName') } });
  });

  it('takes only ISO 4217 codes the runtime knows, in capitals', () => {
    for (const currency of ['USD', 'EUR', 'JPY', 'BHD', 'CLF', 'BTC', 'USDT'])
      expect(parse(generalSettingsSchema, { ...valid, currency }), currency).toHaveProperty('data');
    for (const currency of ['clp', 'ABC', 'US', 'usdt', 'US$', 'XXX'])
      expect(parse(generalSettingsSchema, { ...valid, currency }), currency).toEqual({ issues: { currency: token('invalid') } });
  });

  it('takes IANA zone names only, not offsets', () => {
    expect(parse(generalSettingsSchema, { ...valid, timeZone: 'UTC' })).toHaveProperty('data');
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', 'America/'])
      expect(parse(generalSettingsSchema, { ...valid, timeZone }), timeZone).toEqual({ issues: { timeZone: token('invalid') } });
  });

  it('takes the interface languages only', () => {
    expect(parse(generalSettingsSchema, { ...valid, language: 'en' })).toEqual({ data: { ...valid, language: 'en' } });
    for (const language of ['fr', 'ES', 'es-CL'])
      expect(parse(generalSettingsSchema, { ...valid, language }), language).toEqual({ issues: { language: token('invalid') } });
  });

  it('refuses a removeLogo that is not a boolean, and a body that is not an object', () => {
    expect(parse(generalSettingsSchema, { ...valid, removeLogo: 'yes' })).toEqual({ issues: { removeLogo: token('invalid') } });
    expect(parse(generalSettingsSchema, ['x'])).toEqual({ issues: { '': token('invalid') } });
  });

  it('gives tokens that read in Spanish', () => {
    const issues = parse(generalSettingsSchema, { ...valid, name: 'x'.repeat(81) }).issues!;
    const tEs = (key: string, values?: Record<string, string | number>) =>
      format(String(key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], es.validation)), values);
    expect(translateToken(issues.name, tEs)).toBe(format(es.validation.stringMax, { max: 80 }));
    expect(translateToken(parse(generalSettingsSchema, { ...valid, currency: 'x' }).issues!.currency, tEs)).toBe(es.validation.invalid);
  });
});

describe('extensionsSettingsSchema', () => {
  it('switches exactly the catalogue’s non-exclusive extensions', () => {
    expect(switchableExtensions).toEqual(Object.keys(extensions).filter((n) => !extensions[n as keyof typeof extensions].exclusive));
    expect(switchableExtensions).toEqual(['blog', 'whatsappApi', 'eventLogs']);
    expect(exclusiveExtensions).toEqual(['varket', 'photomagik']);
  });

  it('takes any subset of booleans and drops unknown keys', () => {
    expect(parse(extensionsSettingsSchema, { blog: false, eventLogs: true, chess: true })).toEqual({ data: { blog: false, eventLogs: true } });
    expect(parse(extensionsSettingsSchema, {})).toEqual({ data: {} });
  });

  it('keeps an exclusive extension it is given, for the service to refuse', () => {
    expect(parse(extensionsSettingsSchema, { varket: true })).toEqual({ data: { varket: true } });
    expect(parse(extensionsSettingsSchema, { photomagik: 'off' })).toEqual({ data: { photomagik: 'off' } });
  });

  it('refuses a switch that is not a boolean', () => {
    expect(parse(extensionsSettingsSchema, { blog: 'true', whatsappApi: 1 })).toEqual({ issues: { blog: token('invalid'), whatsappApi: token('invalid') } });
  });
});

describe('currencies from Intl', () => {
  it('names every currency in the viewer’s language, sorted the way that language sorts', () => {
    const en = currencyOptions('en');
    const es = currencyOptions('es');
    expect(en.length).toBeGreaterThan(100);
    expect(es.find((c) => c.code === 'CLP')!.name.toLowerCase()).toBe('peso chileno');
    expect(en.find((c) => c.code === 'CLP')!.name).toBe('Chilean Peso');
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    for (let i = 1; i < es.length; i++) expect(collator.compare(es[i - 1].name, es[i].name)).toBeLessThanOrEqual(0);
  });

  it('takes minor units from Intl', () => {
    expect([minorUnitsOf('USD'), minorUnitsOf('CLP'), minorUnitsOf('JPY'), minorUnitsOf('BHD')]).toEqual([2, 0, 0, 3]);
    expect(currencyOptions('en').find((c) => c.code === 'KWD')).toMatchObject({ minorUnits: 3 });
  });

  it('carries ISO 4217 numeric codes, the Unidad de Fomento and the crypto currencies', () => {
    const en = currencyOptions('en');
    expect(en.find((c) => c.code === 'CLP')).toMatchObject({ numeric: '152', minorUnits: 0 });
    expect(en.find((c) => c.code === 'EUR')).toMatchObject({ numeric: '978', minorUnits: 2 });
    expect(en.find((c) => c.code === 'CLF')).toMatchObject({ numeric: '990', minorUnits: 4 });
    expect(en.find((c) => c.code === 'BTC')).toEqual({ code: 'BTC', numeric: null, name: 'Bitcoin', minorUnits: 8 });
    expect(en.find((c) => c.code === 'USDT')).toEqual({ code: 'USDT', numeric: null, name: 'Tether', minorUnits: 6 });
    expect(numericCodeOf('JPY')).toBe('392');
    expect(numericCodeOf('XXX')).toBeNull();
    // Every numeric code is three digits and belongs to one currency only.
    const numerics = en.flatMap((c) => (c.numeric ? [c.numeric] : []));
    expect(numerics.length).toBeGreaterThan(150);
    for (const n of numerics) expect(n).toMatch(/^\d{3}$/);
    expect(new Set(numerics).size).toBe(numerics.length);
  });

  it('keeps a saved code the runtime no longer lists, once', () => {
    expect(isCurrency('ZZZ')).toBe(false);
    expect(currencyOptions('en', 'ZZZ').filter((c) => c.code === 'ZZZ')).toHaveLength(1);
    expect(currencyOptions('en', 'USD').filter((c) => c.code === 'USD')).toHaveLength(1);
  });
});

describe('languageOptions', () => {
  it('names the interface languages in the viewer’s language', () => {
    expect(languageOptions('en')).toEqual([
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Spanish' },
    ]);
    expect(languageOptions('es')).toEqual([
      { code: 'en', name: 'Inglés' },
      { code: 'es', name: 'Español' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesPattern, PATTERNS, type PatternName } from '@/lib/validation';

// Each pattern with values it must accept and values it must refuse.
const samples: Record<PatternName, { ok: string[]; bad: string[] }> = {
  fullName: {
    ok: ['José Núñez', 'Zoë Łódź', 'Ana & Luis', 'Studio 54', 'Jose\u0301', 'Müller Ærø', '李小龍', 'Ольга'],
    bad: ['Ana!', 'a@b', 'Ana_Luis', 'Tab\there', '&', '   ', 'Line\nbreak', 'O’Brien'],
  },
  personName: {
    ok: ["O'Brien", 'O’Brien', 'Jean-Luc Picard', 'Ma. José', 'José Núñez', '李小龍'],
    bad: ['<script>', 'Ana!', 'a@b', "'", '-', 'Line\nbreak', 'Ana_Luis'],
  },
  email: {
    ok: ['user@example.com', 'root@localhost', 'first.last+tag@sub.example.co', "o'hara@x.io"],
    bad: ['user', 'user@', '@example.com', 'user@-example.com', 'us er@example.com', 'user@exa mple.com', 'a@b@c.com', 'user@example.com.'],
  },
  password: {
    ok: ['Abcdefg1', 'contraseÑa9', 'Pass word 12', 'Aa1' + 'x'.repeat(125)],
    bad: ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Aa1' + 'x'.repeat(126), ''],
  },
  productName: {
    ok: ['Caja [grande] (x2)', '¡Oferta! ¿Sí? 50% a/b', 'T-shirt: rojo, talla M*', 'A&B @ home.'],
    bad: ['Caja <b>', 'Precio $5', 'Nombre_con_guion', 'dos\nlíneas', 'emoji 😀', 'hash #1'],
  },
  multilineText: {
    ok: ['Hola,\nqué tal?', 'Price: 5 € (approx.) — "quoted"', 'Tabs\tand\r\nCRLF', '¿Mañana? ¡Sí!'],
    bad: ['emoji 😀', 'bell \u0007', 'zero\u200bwidth', 'arrow →'],
  },
  url: {
    ok: [
      'https://example.com',
      'http://localhost:3000/a/b',
      'https://sub.example.co.uk/path/to-page_1.html',
      'http://192.168.0.1/',
      'https://münchen.de/straße',
      'HTTPS://EXAMPLE.COM',
    ],
    bad: [
      'https://example.com/a?x=1',
      'https://example.com/#top',
      'ftp://example.com',
      'example.com',
      'https://',
      'https://exa mple.com',
      'https://example.c',
      'http://999.1.1.1',
    ],
  },
  urlWParams: {
    ok: ['https://example.com', 'https://example.com/search?q=a+b&page=2', 'https://example.com/a?x=1#frag', 'http://localhost:8080/?redirect=/home'],
    bad: ['ftp://example.com?x=1', 'https://example.com/a b?x=1', 'https://example.com?x=<script>', '//example.com'],
  },
  alphaDash: { ok: ['abc_DEF-123', 'ñandú-2', '___'], bad: ['a b', 'a.b', 'a/b', 'a+b'] },
  alphaNumeric: { ok: ['abc123', 'Ñandú9', '١٢٣'], bad: ['a_b', 'a-b', 'a b', 'a.b'] },
  alphaNumericDash: { ok: ['abc-123', 'niño-9', '-'], bad: ['a_b', 'a b', 'a.b'] },
  alpha: { ok: ['abc', 'Ñandú', 'Zoë', 'é'], bad: ['abc1', 'a b', 'a-b', 'a_b'] },
  numeric: { ok: ['0', '42', '-3.5', '+7', '0.001'], bad: ['1,234', '1.', '.5', '1e3', 'abc', '--1', '1 2'] },
  dateYmd: {
    ok: ['2026-01-31', '2024-02-29', '2000-02-29', '1999-12-31'],
    bad: ['2026-02-30', '2025-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01', '2026/01/01', '2026-01-01T00:00'],
  },
  dateTimeUs: {
    ok: ['03/14/2026 09:30 PM', '3/4/2026 9:30 am', '12/31/2026 11:59:59PM', '03/14/2026 21:30', '03/14/2026 00:00:00', '02/29/2024 12:00 AM'],
    bad: [
      '03/14/2026',
      '14/03/2026 09:30',
      '03/14/2026 13:30 PM',
      '03/14/2026 00:30 AM',
      '03/14/2026 24:00',
      '02/30/2026 10:00',
      '03/14/2026 9:60',
      '2026-03-14 09:30',
    ],
  },
  isoDateTime: {
    ok: ['2026-03-14T09:30:00.000Z', '2024-02-29T23:59:59.999Z', new Date(0).toISOString()],
    bad: [
      '2026-03-14T09:30:00Z',
      '2026-03-14T09:30:00.00Z',
      '2026-03-14T09:30:00.000+01:00',
      '2026-02-30T00:00:00.000Z',
      '2026-03-14T24:00:00.000Z',
      '2026-03-14 09:30:00.000Z',
    ],
  },
  timeHi: { ok: ['0:00', '9:05', '09:05', '23:59', '12:30'], bad: ['24:00', '9:5', '12:60', '123:00', '09:05:00', '9:05 PM'] },
  hexcolor: { ok: ['#fff', '#FFF', '#1a2B3c', '#000000'], bad: ['fff', '#ffff', '#12345', '#1234567', '#ggg', '#'] },
  domainOnly: {
    ok: ['example.com', 'sub.example.co.uk', 'münchen.de', 'xn--mnchen-3ya.de', 'a-b.io'],
    bad: ['localhost', 'https://example.com', 'example.com/path', 'example.com:80', '-a.com', 'a-.com', 'example.c', 'exa mple.com', `${'a'.repeat(64)}.com`],
  },
  uuid: {
    ok: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', '1B4E28BA-2FA1-41D2-883F-0016D3CCA427'],
    bad: ['1b4e28ba2fa141d2883f0016d3cca427', '1b4e28ba-2fa1-41d2-883f-0016d3cca42', 'zb4e28ba-2fa1-41d2-883f-0016d3cca427'],
  },
};

describe('validation patterns', () => {
  it('has samples for every pattern', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(PATTERNS).sort());
  });

  for (const [name, { ok, bad }] of Object.entries(samples) as [PatternName, { ok: string[]; bad: string[] }][]) {
    it(`${name} accepts its good samples`, () => {
      expect(ok.filter((value) => !matchesPattern(name, value))).toEqual([]);
    });
    it(`${name} refuses its bad samples`, () => {
      expect(bad.filter((value) => matchesPattern(name, value))).toEqual([]);
    });
  }
});

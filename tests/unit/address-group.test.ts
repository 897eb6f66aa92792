import { describe, expect, it } from 'vitest';
import { addressGroup } from '@/lib/auth/address';

describe('addressGroup: what a per-address sign-in lock counts under', () => {
  it('keeps an IPv4 address as it is, also when written IPv4-mapped', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address under its /64, however it is written', () => {
    const group = '2001:db8:7:7::/64';
    expect(addressGroup('2001:db8:7:7::1')).toBe(group);
    expect(addressGroup('2001:0DB8:0007:0007:ffff:1:2:3')).toBe(group);
    expect(addressGroup('2001:db8:7:7:0:0:0:a')).toBe(group);
    expect(addressGroup('2001:db8:7:8::1')).not.toBe(group);
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(addressGroup('0.0.0.0')).toBe('0.0.0.0');
    expect(addressGroup('not-an-address')).toBe('not-an-address');
  });
});

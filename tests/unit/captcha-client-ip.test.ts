import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { clientIp } from '@/lib/http/client-ip';

const req = (headers: Record<string, string>) => new NextRequest('http://localhost/api/auth/captcha', { headers });

describe('clientIp', () => {
  it('takes the first x-forwarded-for hop, as the server leaves it', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }))).toBe('203.0.113.5');
    expect(clientIp(req({ 'x-forwarded-for': ' 2001:db8::1 ', 'x-real-ip': '203.0.113.9' }))).toBe('2001:db8::1');
  });

  it('falls back to x-real-ip, then to a fixed address', () => {
    expect(clientIp(req({ 'x-real-ip': '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientIp(req({}))).toBe('0.0.0.0');
  });

  it('ignores values that are not addresses', () => {
    expect(clientIp(req({ 'x-forwarded-for': 'evil:key; drop', 'x-real-ip': '198.51.100.2' }))).toBe('198.51.100.2');
    expect(clientIp(req({ 'x-forwarded-for': 'unknown' }))).toBe('0.0.0.0');
    expect(clientIp(req({ 'x-real-ip': 'x'.repeat(100) }))).toBe('0.0.0.0');
  });
});

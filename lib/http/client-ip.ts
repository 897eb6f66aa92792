import type { NextRequest } from 'next/server';

// Digits, hex, dots and colons only: anything else in the header is not an address and
// must not end up in a rate-limit key or a log line.
const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

function usable(value: string | null | undefined): string | undefined {
  const candidate = value?.trim();
  return candidate && ADDRESS.test(candidate) ? candidate : undefined;
}

/**
 * The caller's address as the custom server reports it. The server is the one that makes
 * this trustworthy: it replaces `x-forwarded-for` and `x-real-ip` with the one address it
 * chose (the socket's peer, or the hop its trusted proxy added).
 */
export function clientIp(req: NextRequest): string {
  const forwarded = req.headers.get('x-forwarded-for');
  return usable(forwarded?.split(',')[0]) ?? usable(req.headers.get('x-real-ip')) ?? '0.0.0.0';
}

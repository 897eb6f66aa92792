import { isIPv6 } from 'node:net';

/**
 * The address a per-address lock counts under. An IPv6 user usually holds a whole /64, so
 * counting single IPv6 addresses would give one attacker 2^64 fresh locks; an IPv4 address
 * (also when written IPv4-mapped) counts alone.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

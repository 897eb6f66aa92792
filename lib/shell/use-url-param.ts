'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { setShallowUrl } from './shallow-url';

/**
 * A list filter kept in the page's URL (where the dashboard home's figures link): its value
 * when it is one of `allowed`, else '', and a setter that rewrites the URL in place, without a
 * server round trip.
 */
export function useUrlParam<T extends string>(name: string, allowed: readonly T[]): [T | '', (value: T | '') => void] {
  const pathname = usePathname();
  const params = useSearchParams();
  const raw = params.get(name) ?? '';
  const value = (allowed as readonly string[]).includes(raw) ? (raw as T) : '';
  const set = (next: T | '') => {
    const query = new URLSearchParams(params);
    if (next) query.set(name, next);
    else query.delete(name);
    const text = query.toString();
    setShallowUrl(text ? `${pathname}?${text}` : pathname, 'replace');
  };
  return [value, set];
}

import { FEED_FAMILIES } from '@/lib/db/changes';
import { dbHandle } from '@/lib/db/client';

/**
 * Until this instance's own writes are announced back (PostgreSQL: a moment after commit),
 * cached reads skip the cache, and an announcement heard while a read runs keeps that read
 * from being stored: tests that count cache hits start once every family has been heard.
 */
export async function feedSettled(): Promise<void> {
  const feed = dbHandle().changes();
  while (!FEED_FAMILIES.every((family) => feed.live(family))) await new Promise((resolve) => setTimeout(resolve, 5));
}

import { requestContext } from '../log/logger';

/**
 * What a request's page render read, so that its HTML can be kept for the next identical
 * request (lib/http/member-pages.ts): the tags of every cached value it used and when the
 * oldest of them was read. A read that did not come from the cache (any query, or a cache
 * standing aside) spoils it, since no tag then names what the page depends on.
 */
export type ReadDeps = { tags: Set<string>; oldest: number; spoiled: boolean };

/** Starts recording the current request's reads; undefined outside a request. */
export function trackReads(): ReadDeps | undefined {
  const store = requestContext.getStore();
  if (!store) return undefined;
  store.deps = { tags: new Set(), oldest: Date.now(), spoiled: false };
  return store.deps;
}

/** A value answered from the cache (or just stored in it) under `tags`, read at `at`. */
export function noteCachedRead(tags: readonly string[], at: number): void {
  const deps = requestContext.getStore()?.deps;
  if (!deps || deps.spoiled) return;
  for (const tag of tags) deps.tags.add(tag);
  if (at < deps.oldest) deps.oldest = at;
}

/** A read the cache did not answer. */
export function noteDirectRead(): void {
  const deps = requestContext.getStore()?.deps;
  if (deps) deps.spoiled = true;
}

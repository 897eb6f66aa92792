'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentKind } from '@/lib/content/schemas';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import type { ContentItem } from './ContentList';

type Key = `${ContentKind}:${Locale}`;
type Status = 'ready' | 'loading' | 'failed';

/**
 * The entries of one kind and language, loaded from the API when first shown and kept per
 * kind and language; `reload` fetches them again. Moves are shown at once and sent one
 * after the other, each with the whole order; a refused one reloads the list.
 */
export function useContentList(kind: ContentKind, locale: Locale, initial: { key: Key; items: ContentItem[] }) {
  const te = useText('errors');
  const [lists, setLists] = useState<Partial<Record<Key, ContentItem[]>>>({ [initial.key]: initial.items });
  const [status, setStatus] = useState<Status>('ready');
  const [attempt, setAttempt] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const key: Key = `${kind}:${locale}`;
  const items = lists[key];

  const put = useCallback((k: Key, list: ContentItem[] | undefined) => setLists((all) => ({ ...all, [k]: list })), []);

  useEffect(() => {
    if (items) return;
    const controller = new AbortController();
    setStatus('loading');
    api<{ data: ContentItem[] }>(`root/content/${kind}?locale=${locale}`, { method: 'GET', signal: controller.signal })
      .then((res) => {
        put(key, res.data);
        setStatus('ready');
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        showError(error, te);
        setStatus('failed');
      });
    return () => controller.abort();
    // `attempt` retries after a failure; `te` is left out: it is a new function every render.
  }, [key, items, attempt, put]);

  /** Forgets a language's list (or both), so it is fetched again when shown. */
  const reload = useCallback(
    (which: Locale | 'all' = locale) => {
      setLists((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !(k.startsWith(`${kind}:`) && (which === 'all' || k.endsWith(`:${which}`))))));
      setAttempt((n) => n + 1);
    },
    [kind, locale],
  );

  function move(index: number, delta: -1 | 1): ContentItem | null {
    if (!items) return null;
    const target = index + delta;
    if (target < 0 || target >= items.length) return null;
    const next = [...items];
    [next[index], next[target]] = [next[target], next[index]];
    put(key, next);
    const ids = next.map((i) => i.id);
    queue.current = queue.current.then(() =>
      api(`root/content/${kind}/order`, { json: { locale, ids } }).catch((error) => {
        showError(error, te);
        put(key, undefined);
      }),
    );
    return next[target];
  }

  // Functional updates: a toggle's or a delete's answer may come back after moves.
  const update = (change: (list: ContentItem[]) => ContentItem[]) => setLists((all) => ({ ...all, [key]: all[key] && change(all[key]) }));

  return {
    items,
    status,
    move,
    reload,
    /** Replaces one entry with what the server answered. */
    replace: (item: ContentItem) => update((list) => list.map((i) => (i.id === item.id ? item : i))),
    remove: (id: string) => update((list) => list.filter((i) => i.id !== id)),
  };
}

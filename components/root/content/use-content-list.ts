'use client';

import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '@/lib/content/schemas';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { contentQuery, rootKeys, type ContentItem } from '@/lib/root/queries';

type Order = { kind: ContentKind; locale: Locale; ids: string[] };
type Publish = { kind: ContentKind; item: ContentItem };

const PUBLISH_KEY = [...rootKeys.all, 'content', 'publish'] as const;

/**
 * The entries of one kind and language, each list cached on its own (the server's first
 * one seeds it). Moves are shown at once and sent one after the other (one mutation
 * scope), each with the whole order; a refused one reads the list again.
 */
export function useContentList(kind: ContentKind, locale: Locale, initial: { locale: Locale; items: ContentItem[] }) {
  const te = useText('errors');
  const client = useQueryClient();
  const key = rootKeys.contentList(kind, locale);
  const list = useQuery({ ...contentQuery(kind, locale), initialData: kind === 'faq' && locale === initial.locale ? initial.items : undefined });
  useErrorAlert(list.error);

  const order = useMutation({
    mutationFn: ({ kind, locale, ids }: Order) => api(`root/content/${kind}/order`, { json: { locale, ids } }),
    scope: { id: 'root-content-order' },
    onError: (error, { kind, locale }) => {
      showError(error, te);
      return client.invalidateQueries({ queryKey: rootKeys.contentList(kind, locale) });
    },
  });

  const publish = useMutation({
    mutationKey: PUBLISH_KEY,
    mutationFn: ({ kind, item }: Publish) =>
      api<{ data: ContentItem }>(`root/content/${kind}/${item.id}`, { method: 'PATCH', json: { published: !item.published } }),
    // Functional: the answer may come back after moves.
    onSuccess: ({ data }, { kind }) =>
      client.setQueryData<ContentItem[]>(rootKeys.contentList(kind, data.locale), (all) => all?.map((i) => (i.id === data.id ? data : i))),
    onError: (error) => showError(error, te),
  });
  const toggling = new Set(
    useMutationState({ filters: { mutationKey: PUBLISH_KEY, status: 'pending' }, select: (m) => (m.state.variables as Publish).item.id }),
  );

  function move(index: number, delta: -1 | 1): ContentItem | null {
    const items = list.data;
    if (!items) return null;
    const target = index + delta;
    if (target < 0 || target >= items.length) return null;
    const next = [...items];
    [next[index], next[target]] = [next[target], next[index]];
    client.setQueryData(key, next);
    order.mutate({ kind, locale, ids: next.map((i) => i.id) });
    return next[target];
  }

  return {
    items: list.data,
    status: list.isPending ? ('loading' as const) : list.isError && !list.data ? ('failed' as const) : ('ready' as const),
    move,
    retry: () => void list.refetch(),
    toggling,
    /** Publishes a draft or takes an entry back to draft; resolves to the saved entry. */
    toggle: (item: ContentItem) => publish.mutateAsync({ kind, item }),
  };
}

/** Creates (no `id`) or saves an entry; both languages' lists of its kind are read again. */
export function useContentSave<T extends ContentItem>(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: unknown }) =>
      id
        ? api<{ data: T; message: string }>(`root/content/${kind}/${id}`, { method: 'PATCH', json: values })
        : api<{ data: T; message: string }>(`root/content/${kind}`, { json: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: rootKeys.content(kind) }),
  });
}

/** Deletes an entry: it leaves its list at once. */
export function useContentDelete(kind: ContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: ContentItem) => api<{ message: string }>(`root/content/${kind}/${item.id}`, { method: 'DELETE' }),
    onSuccess: (_res, item) => client.setQueryData<ContentItem[]>(rootKeys.contentList(kind, item.locale), (all) => all?.filter((i) => i.id !== item.id)),
  });
}

import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContentKind, FaqView, HelpView } from '../content/schemas';
import type { Locale } from '../i18n/locales';
import { api } from '../http/api-client';
import { getJson } from '../query/client';
import type { OutboxEmail } from './outbox';
import type { ProjectDetail, ProjectList } from './projects';
import type { RootUserDetail, RootUserList } from './users';

// The root console's server data in the browser's query cache.

/** A cursor-paged list from a root API: `next` is the cursor of the page after it. */
export type Paged<T> = { data: T[]; next: string | null };

export const rootKeys = {
  all: ['root'] as const,
  /** One page of projects per URL search (`?q=…&page=…`, '' for the defaults). */
  projectLists: () => [...rootKeys.all, 'projects', 'list'] as const,
  projects: (search: string) => [...rootKeys.projectLists(), search] as const,
  project: (id: string) => [...rootKeys.all, 'projects', 'detail', id] as const,
  users: () => [...rootKeys.all, 'users', 'list'] as const,
  userPage: (search: string) => [...rootKeys.users(), search] as const,
  user: (id: string) => [...rootKeys.all, 'users', 'detail', id] as const,
  /** A cursor-paged list (audit log, outbox) of one API path, every query of it below. */
  pages: (path: string) => [...rootKeys.all, 'pages', path] as const,
  paged: (path: string, query: string) => [...rootKeys.pages(path), query] as const,
  content: (kind: ContentKind) => [...rootKeys.all, 'content', kind] as const,
  contentList: (kind: ContentKind, locale: Locale) => [...rootKeys.content(kind), locale] as const,
  email: (id: string) => [...rootKeys.all, 'outbox', 'email', id] as const,
  preview: (markdown: string) => [...rootKeys.all, 'content', 'preview', markdown] as const,
};

const unwrap =
  <T>(path: string) =>
  async (ctx: { signal: AbortSignal }) =>
    (await getJson<{ data: T }>(path)(ctx)).data;

/** While another page or search loads, the rows shown stay those of the previous one. */
export function projectsQuery(search: string) {
  return queryOptions({ queryKey: rootKeys.projects(search), queryFn: unwrap<ProjectList>(`root/projects${search}`), placeholderData: keepPreviousData });
}

export function projectQuery(id: string) {
  return queryOptions({ queryKey: rootKeys.project(id), queryFn: unwrap<ProjectDetail>(`root/projects/${id}`) });
}

/** `search` without its `?`. */
export function usersQuery(search: string) {
  return queryOptions({ queryKey: rootKeys.userPage(search), queryFn: unwrap<RootUserList>(`root/users?${search}`), placeholderData: keepPreviousData });
}

export function userQuery(id: string) {
  return queryOptions({ queryKey: rootKeys.user(id), queryFn: unwrap<RootUserDetail>(`root/users/${id}`) });
}

/** The first page of `path?query`, then each next one from the cursor the last page gave. */
export function pagedQuery<T>(path: string, query: string) {
  return infiniteQueryOptions({
    queryKey: rootKeys.paged(path, query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set('before', pageParam);
      return getJson<Paged<T>>(`${path}?${params}`)({ signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export type ContentItem = FaqView | HelpView;

export function contentQuery(kind: ContentKind, locale: Locale) {
  return queryOptions({ queryKey: rootKeys.contentList(kind, locale), queryFn: unwrap<ContentItem[]>(`root/content/${kind}?locale=${locale}`) });
}

export function emailQuery(id: string) {
  return queryOptions({ queryKey: rootKeys.email(id), queryFn: unwrap<OutboxEmail>(`root/outbox/${id}`) });
}

/** Markdown as the public pages render it (a POST that changes nothing): the same text always gives the same HTML. */
export function previewQuery(markdown: string) {
  return queryOptions({
    queryKey: rootKeys.preview(markdown),
    queryFn: async ({ signal }) => (await api<{ data: { html: string } }>('root/content/preview', { json: { markdown }, signal })).data.html,
    staleTime: Infinity,
  });
}

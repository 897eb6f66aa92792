import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { FunnelView } from './funnel';
import type { Question } from './questions';
import type { InterviewListItem, InterviewsFilter, InterviewView, ResponsesQuery, ResponseView, SummaryView } from './schemas';

// The active project's interviews and their responses in the browser's query cache.

export type ResponsesFilter = Omit<ResponsesQuery, 'page'>;
export type ResponsesPage = { responses: ResponseView[]; total: number; page: number; pageSize: number };

export const interviewsKeys = {
  all: ['interviews'] as const,
  /** Every list (a prefix of the filtered one). */
  list: () => [...interviewsKeys.all, 'list'] as const,
  listOf: (filter: InterviewsFilter) => [...interviewsKeys.list(), filter ?? ''] as const,
  one: (id: string) => [...interviewsKeys.all, 'one', id] as const,
  // Everything derived from the responses: a new or deleted one invalidates these only.
  responsesOf: (id: string) => [...interviewsKeys.all, 'responses', id] as const,
  responses: (id: string, filter: ResponsesFilter, page: number) => [...interviewsKeys.responsesOf(id), 'page', filter, page] as const,
  summary: (id: string, filter: ResponsesFilter) => [...interviewsKeys.responsesOf(id), 'summary', filter] as const,
  response: (id: string, responseId: string) => [...interviewsKeys.responsesOf(id), 'one', responseId] as const,
};

/** The filter as a query string; empty values left out. */
export function filterQuery(filter: ResponsesFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  if (page) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function interviewsQuery(filter: InterviewsFilter = '') {
  return queryOptions({
    queryKey: interviewsKeys.listOf(filter),
    queryFn: async (ctx) => (await getJson<{ interviews: InterviewListItem[] }>(`interviews${filter ? `?responses=${filter}` : ''}`)(ctx)).interviews,
  });
}

export function interviewQuery(id: string) {
  return queryOptions({
    queryKey: interviewsKeys.one(id),
    queryFn: async (ctx) => (await getJson<{ interview: InterviewView }>(`interviews/${id}`)(ctx)).interview,
  });
}

export function responsesQuery(id: string, filter: ResponsesFilter, page: number) {
  return queryOptions({
    queryKey: interviewsKeys.responses(id, filter, page),
    queryFn: getJson<ResponsesPage>(`interviews/${id}/responses${filterQuery(filter, page)}`),
    placeholderData: keepPreviousData,
  });
}

export function summaryQuery(id: string, filter: ResponsesFilter) {
  return queryOptions({
    queryKey: interviewsKeys.summary(id, filter),
    queryFn: async (ctx) => (await getJson<{ summary: SummaryView }>(`interviews/${id}/summary${filterQuery(filter)}`)(ctx)).summary,
    placeholderData: keepPreviousData,
  });
}

export function responseQuery(id: string, responseId: string) {
  return queryOptions({
    queryKey: interviewsKeys.response(id, responseId),
    queryFn: getJson<{ response: ResponseView; questions: Question[] }>(`interviews/${id}/responses/${responseId}`),
  });
}

/** One version's completion funnel (the newest when `version` is unset); drafts count, so it ignores the other filters. */
export function funnelQuery(id: string, version: number | undefined) {
  return queryOptions({
    queryKey: [...interviewsKeys.responsesOf(id), 'funnel', version ?? 0] as const,
    queryFn: async (ctx) => (await getJson<{ funnel: FunnelView }>(`interviews/${id}/funnel${version ? `?version=${version}` : ''}`)(ctx)).funnel,
    placeholderData: keepPreviousData,
  });
}

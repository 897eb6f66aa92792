import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { AskableProject } from './own-types';
import type { SlaTargets } from './limits';
import type { CannedReply, OwnRequest, OwnRequestDetail, Person, RequestDetail, RequestPage } from './types';

// The requests in the browser's query cache: staff lists and details, the requester's own.

export type ListParams = { view: string; status: string; priority: string; tag: string; q: string; sort: string; dir: string; page: number; size: number };

export const requestsKeys = {
  all: ['requests'] as const,
  lists: () => [...requestsKeys.all, 'list'] as const,
  list: (p: ListParams) => [...requestsKeys.lists(), p] as const,
  detail: (id: string) => [...requestsKeys.all, 'detail', id] as const,
  mine: () => [...requestsKeys.all, 'mine'] as const,
  own: (id: string) => [...requestsKeys.all, 'mine', id] as const,
  sla: () => [...requestsKeys.all, 'sla'] as const,
  canned: () => [...requestsKeys.all, 'canned'] as const,
  assignees: () => [...requestsKeys.all, 'assignees'] as const,
};

const query = (p: ListParams) => new URLSearchParams(Object.entries(p).flatMap(([k, v]) => (v === '' || v === undefined ? [] : [[k, String(v)]]))).toString();

export function requestsListQuery(p: ListParams) {
  return queryOptions({
    queryKey: requestsKeys.list(p),
    queryFn: async (ctx) => (await getJson<{ data: RequestPage }>(`requests?${query(p)}`)(ctx)).data,
    // Changing a filter keeps the old page on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function requestDetailQuery(id: string) {
  return queryOptions({ queryKey: requestsKeys.detail(id), queryFn: async (ctx) => (await getJson<{ data: RequestDetail }>(`requests/${id}`)(ctx)).data });
}

export function myRequestsQuery() {
  return queryOptions({
    queryKey: requestsKeys.mine(),
    queryFn: async (ctx) => (await getJson<{ data: { requests: OwnRequest[]; projects: AskableProject[] } }>('requests/mine')(ctx)).data,
  });
}

export function ownRequestQuery(id: string) {
  return queryOptions({ queryKey: requestsKeys.own(id), queryFn: async (ctx) => (await getJson<{ data: OwnRequestDetail }>(`requests/mine/${id}`)(ctx)).data });
}

export function slaQuery() {
  return queryOptions({
    queryKey: requestsKeys.sla(),
    queryFn: async (ctx) => (await getJson<{ data: { targets: SlaTargets } }>('requests/sla')(ctx)).data.targets,
  });
}

export function cannedQuery() {
  return queryOptions({
    queryKey: requestsKeys.canned(),
    queryFn: async (ctx) => (await getJson<{ data: { replies: CannedReply[] } }>('requests/canned')(ctx)).data.replies,
  });
}

/** Who requests may be assigned to: fetched when an assignee is first chosen, then shared by the list's bulk dialog and every detail. */
export function assigneesQuery(enabled = true) {
  return queryOptions({
    queryKey: requestsKeys.assignees(),
    queryFn: async (ctx) => (await getJson<{ data: { assignees: Person[] } }>('requests/assignees')(ctx)).data.assignees,
    enabled,
  });
}

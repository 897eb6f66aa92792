import * as file from '@/app/api/requests/files/[entryId]/[fileId]/route';
import * as links from '@/app/api/requests/[id]/links/route';
import * as unlink from '@/app/api/requests/[id]/links/[relatedId]/route';
import * as merge from '@/app/api/requests/[id]/merge/route';
import * as messages from '@/app/api/requests/[id]/messages/route';
import * as one from '@/app/api/requests/[id]/route';
import * as mineMessages from '@/app/api/requests/mine/[id]/messages/route';
import * as mineOne from '@/app/api/requests/mine/[id]/route';
import * as mine from '@/app/api/requests/mine/route';
import * as list from '@/app/api/requests/route';
import * as sla from '@/app/api/requests/sla/route';
import * as assignees from '@/app/api/requests/assignees/route';
import * as bulk from '@/app/api/requests/bulk/route';
import * as canned from '@/app/api/requests/canned/route';
import * as cannedOne from '@/app/api/requests/canned/[cannedId]/route';
import * as mineRating from '@/app/api/requests/mine/[id]/rating/route';
import * as rating from '@/app/api/requests/rating/route';
import * as satisfaction from '@/app/api/requests/satisfaction/route';
import type { Client } from './http';

type Query = Record<string, string | number>;
const qs = (query: Query = {}) => {
  const text = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return text ? `?${text}` : '';
};

/** Every requests route, called as the browser would with this client's cookie. */
export function requestsApi(client: Client) {
  const withId = (id: string) => ({ params: { id } });
  const body = (json: unknown, form?: FormData) => (form ? { form } : { json });
  return {
    list: (query?: Query) => client.call(list.GET, `/api/requests${qs(query)}`, { method: 'GET' }),
    create: (json: unknown, form?: FormData) => client.call(list.POST, '/api/requests', body(json, form)),
    get: (id: string) => client.call(one.GET, `/api/requests/${id}`, { method: 'GET', ...withId(id) }),
    patch: (id: string, json: unknown) => client.call(one.PATCH, `/api/requests/${id}`, { method: 'PATCH', json, ...withId(id) }),
    remove: (id: string) => client.call(one.DELETE, `/api/requests/${id}`, { method: 'DELETE', ...withId(id) }),
    reply: (id: string, json: unknown, form?: FormData) => client.call(messages.POST, `/api/requests/${id}/messages`, { ...body(json, form), ...withId(id) }),
    merge: (id: string, targetId: string) => client.call(merge.POST, `/api/requests/${id}/merge`, { json: { targetId }, ...withId(id) }),
    link: (id: string, relatedId: string) => client.call(links.POST, `/api/requests/${id}/links`, { json: { relatedId }, ...withId(id) }),
    unlink: (id: string, relatedId: string) =>
      client.call(unlink.DELETE, `/api/requests/${id}/links/${relatedId}`, { method: 'DELETE', params: { id, relatedId } }),
    sla: () => client.call(sla.GET, '/api/requests/sla', { method: 'GET' }),
    setSla: (json: unknown) => client.call(sla.PUT, '/api/requests/sla', { method: 'PUT', json }),
    mine: () => client.call(mine.GET, '/api/requests/mine', { method: 'GET' }),
    open: (json: unknown, form?: FormData) => client.call(mine.POST, '/api/requests/mine', body(json, form)),
    own: (id: string) => client.call(mineOne.GET, `/api/requests/mine/${id}`, { method: 'GET', ...withId(id) }),
    answer: (id: string, json: unknown, form?: FormData) =>
      client.call(mineMessages.POST, `/api/requests/mine/${id}/messages`, { ...body(json, form), ...withId(id) }),
    canned: () => client.call(canned.GET, '/api/requests/canned', { method: 'GET' }),
    assignees: () => client.call(assignees.GET, '/api/requests/assignees', { method: 'GET' }),
    addCanned: (json: unknown) => client.call(canned.POST, '/api/requests/canned', { json }),
    editCanned: (cannedId: string, json: unknown) =>
      client.call(cannedOne.PATCH, `/api/requests/canned/${cannedId}`, { method: 'PATCH', json, params: { cannedId } }),
    removeCanned: (cannedId: string) => client.call(cannedOne.DELETE, `/api/requests/canned/${cannedId}`, { method: 'DELETE', params: { cannedId } }),
    bulk: (json: unknown) => client.call(bulk.POST, '/api/requests/bulk', { json }),
    rateOwn: (id: string, json: unknown) => client.call(mineRating.POST, `/api/requests/mine/${id}/rating`, { json, ...withId(id) }),
    rateByLink: (json: unknown) => client.call(rating.POST, '/api/requests/rating', { json }),
    satisfaction: () => client.call(satisfaction.GET, '/api/requests/satisfaction', { method: 'GET' }),
    file: (url: string) => {
      const [, , , , entryId, fileId] = url.split('/');
      return client.call(file.GET, url, { method: 'GET', params: { entryId, fileId } });
    },
  };
}

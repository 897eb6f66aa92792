'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useText, useLocale } from '@/lib/i18n/client';
import { requestDetailQuery, requestsKeys } from '@/lib/requests/queries';
import type { RequestDetail as Detail, ThreadEntry } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { StatusBadge } from './Badges';
import { Composer } from './Composer';
import { postForm } from './api';
import { RequestSidebar } from './RequestSidebar';
import { Thread } from './Thread';
import { useRequestEvents } from './use-request-events';

/** The number a merged request went into, from its closing event ("mergedInto:12"). */
export function mergedNumber(thread: ThreadEntry[]): string {
  const event = [...thread].reverse().find((e) => e.kind === 'event' && e.body.startsWith('mergedInto:'));
  return event?.body.split(':')[1] ?? '';
}

export type StaffMay = { update: boolean; delete: boolean };

/** One request for staff: the whole thread (notes too), the composer and the request's fields beside it. */
export function RequestDetail({ id, initial, may, timeZone }: { id: string; initial: Detail; may: StaffMay; timeZone: string | null }) {
  const t = useText('requests');
  const locale = useLocale();
  const client = useQueryClient();
  const { data } = useQuery({ ...requestDetailQuery(id), initialData: initial });
  useRequestEvents();
  if (!data) return <p className="text-muted">…</p>;
  const r = data.request;

  async function send(body: string, internal: boolean, files: File[]) {
    const res = await postForm<{ data: { entry: ThreadEntry } }>(`requests/${id}/messages`, { body, internal }, files);
    client.setQueryData<Detail>(requestsKeys.detail(id), (old) =>
      old && !old.thread.some((e) => e.id === res.data.entry.id) ? { ...old, thread: [...old.thread, res.data.entry] } : old,
    );
    // The status and SLA may have moved with it.
    void client.invalidateQueries({ queryKey: requestsKeys.detail(id) });
  }

  return (
    <div>
      <p className="text-sm">
        <Link href={pathFor('requests', locale)} className="text-accent hover:underline">
          ← {t('back')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold break-words">
          <span className="text-muted">#{r.number}</span> {r.subject}
        </h1>
        <StatusBadge status={r.status} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="thread-title" className="min-w-0">
          <h2 id="thread-title" className="sr-only">
            {t('thread')}
          </h2>
          <Thread entries={data.thread} side="staff" timeZone={timeZone} />
          {r.mergedIntoId ? (
            <p className="mt-4 text-sm text-muted">
              <Link href={pathFor('request', locale, { id: r.mergedIntoId })} className="text-accent underline">
                {t('openMerged', { number: mergedNumber(data.thread) })}
              </Link>
            </p>
          ) : r.status === 'closed' ? (
            <p className="mt-4 text-sm text-muted">{t('closedNote')}</p>
          ) : (
            may.update && <Composer staff onSend={send} />
          )}
        </section>
        <RequestSidebar detail={data} may={may} timeZone={timeZone} />
      </div>
    </div>
  );
}

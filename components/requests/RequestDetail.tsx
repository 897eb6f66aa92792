'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useText, useLocale } from '@/lib/i18n/client';
import { composerModeAtom, listParamsAtom } from '@/lib/requests/atoms';
import { requestDetailQuery, requestsKeys } from '@/lib/requests/queries';
import type { RequestDetail as Detail, RequestPage, ThreadEntry } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { StatusBadge } from './Badges';
import { Composer } from './Composer';
import { postForm } from './api';
import { RequestSidebar } from './RequestSidebar';
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog';
import { Thread } from './Thread';
import { useRequestEvents } from './use-request-events';
import { useShortcuts } from './use-shortcuts';

/** The number a merged request went into, from its closing event ("mergedInto:12"). */
export function mergedNumber(thread: ThreadEntry[]): string {
  const event = [...thread].reverse().find((e) => e.kind === 'event' && e.body.startsWith('mergedInto:'));
  return event?.body.split(':')[1] ?? '';
}

export type StaffMay = { update: boolean; delete: boolean };

type Props = {
  id: string;
  initial: Detail;
  may: StaffMay;
  timeZone: string | null;
  /** For canned replies' {{project}} and {{agent}}. */
  projectName: string;
  agentName: string;
};

/** One request for staff: the whole thread (notes too), the composer and the request's fields beside it. */
export function RequestDetail({ id, initial, may, timeZone, projectName, agentName }: Props) {
  const t = useText('requests');
  const locale = useLocale();
  const client = useQueryClient();
  const router = useRouter();
  const { data } = useQuery({ ...requestDetailQuery(id), initialData: initial });
  useRequestEvents();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const assignRef = useRef<HTMLButtonElement>(null);
  const setMode = useSetAtom(composerModeAtom);
  const listParams = useAtomValue(listParamsAtom);
  const [help, setHelp] = useState(false);

  /** j/k step through the list this request was opened from (its page as last loaded). */
  function step(direction: 1 | -1) {
    const items = client.getQueryData<RequestPage>(requestsKeys.list(listParams))?.items ?? [];
    const at = items.findIndex((i) => i.id === id);
    const next = at < 0 ? undefined : items[at + direction];
    if (next) router.push(pathFor('request', locale, { id: next.id }));
  }
  function write(mode: 'reply' | 'note') {
    setMode(mode);
    bodyRef.current?.focus();
  }
  useShortcuts({
    next: () => step(1),
    previous: () => step(-1),
    reply: () => write('reply'),
    note: () => write('note'),
    assign: () => assignRef.current?.click(),
    help: () => setHelp(true),
  });
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
        <span className="sm:ml-auto">
          <ShortcutsButton onClick={() => setHelp(true)} />
        </span>
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
            may.update && <Composer staff onSend={send} bodyRef={bodyRef} placeholders={{ name: r.requester.name, project: projectName, agent: agentName }} />
          )}
        </section>
        <RequestSidebar detail={data} may={may} timeZone={timeZone} assignRef={assignRef} />
      </div>
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
    </div>
  );
}

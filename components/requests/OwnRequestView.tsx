'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { useLocale, useText } from '@/lib/i18n/client';
import { ownRequestQuery, requestsKeys } from '@/lib/requests/queries';
import type { OwnRequestDetail, ThreadEntry } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { StatusBadge } from './Badges';
import { Composer } from './Composer';
import { postForm } from './api';
import { mergedNumber } from './RequestDetail';
import { OwnRating } from './OwnRating';
import { Thread } from './Thread';
import { useRequestEvents } from './use-request-events';

/** The requester's own request: its public thread, live, and their reply box. */
export function OwnRequestView({ id, initial, timeZone }: { id: string; initial: OwnRequestDetail; timeZone: string | null }) {
  const t = useText('requests');
  const locale = useLocale();
  const client = useQueryClient();
  const { data } = useQuery({ ...ownRequestQuery(id), initialData: initial });
  useRequestEvents();
  const r = data.request;

  async function send(body: string, _internal: boolean, files: File[]) {
    const res = await postForm<{ data: { entry: ThreadEntry } }>(`requests/mine/${id}/messages`, { body }, files);
    client.setQueryData<OwnRequestDetail>(requestsKeys.own(id), (old) =>
      old && !old.thread.some((e) => e.id === res.data.entry.id) ? { ...old, thread: [...old.thread, res.data.entry] } : old,
    );
    void client.invalidateQueries({ queryKey: requestsKeys.own(id) });
  }

  return (
    <div>
      <p className="text-sm">
        <Link href={pathFor('accountTab', locale, { tab: 'requests' })} className="text-accent hover:underline">
          ← {t('backMine')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold break-words">
          <span className="text-muted">#{r.number}</span> {r.subject}
        </h1>
        <StatusBadge status={r.status} />
      </div>
      <p className="mt-1 mb-6 text-sm text-muted">
        {r.project.name} · {t(`type.${r.type}`)}
      </p>
      <Thread entries={data.thread} side="requester" timeZone={timeZone} />
      {(data.mayRate || data.rating) && <OwnRating id={id} rating={data.rating} mayRate={data.mayRate} />}
      {r.mergedIntoId ? (
        <p className="mt-4 text-sm">
          <Link href={pathFor('accountRequest', locale, { id: r.mergedIntoId })} className="text-accent underline">
            {t('openMerged', { number: mergedNumber(data.thread) })}
          </Link>
        </p>
      ) : r.status === 'closed' ? (
        <p className="mt-4 text-sm text-muted">{t('closedNote')}</p>
      ) : (
        <Composer staff={false} onSend={send} />
      )}
    </div>
  );
}

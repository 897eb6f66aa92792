'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState, type Ref } from 'react';
import type { ChatPerson, ConversationView } from '@/lib/chats/types';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { putConversation } from './cache';

// Dialogs are chunks of their own, fetched when first opened: most visits never open them (First Load JS budget).
const EditChannelDialog = dynamic(() => import('./EditChannelDialog').then((m) => m.EditChannelDialog), { ssr: false });
const MembersDialog = dynamic(() => import('./MembersDialog').then((m) => m.MembersDialog), { ssr: false });

type Props = {
  conversation: ConversationView;
  members: ChatPerson[];
  viewerId: string;
  canSupport: boolean;
  /** Under 960 px the list and the conversation take turns: back to the list. */
  onBack: () => void;
  onLeft: () => void;
  /** The title, focused when the viewer switches to this conversation. */
  ref?: Ref<HTMLHeadingElement>;
};

const small = 'border-line hover:bg-surface-2 rounded-control border px-2.5 py-1 text-xs font-medium disabled:opacity-60';

/** Title, topic and privacy; members of a private channel; a support conversation's customer, state and assignee. */
export function ConversationHeader({ conversation: c, members, viewerId, canSupport, onBack, onLeft, ref }: Props) {
  const t = useText('chats');
  const te = useText('errors');
  const client = useQueryClient();
  const [showMembers, setShowMembers] = useState(false);
  const [editing, setEditing] = useState(false);
  const changing = useMutation({
    mutationFn: ({ path, method, json }: { path: string; method: 'POST' | 'PATCH'; json: unknown }) =>
      api<{ data: { conversation: ConversationView } }>(path, { method, json }).then((answer) => answer.data.conversation),
    onSuccess: (conversation) => putConversation(client, conversation),
    onError: (error) => showError(error, te),
  });
  const busy = changing.isPending;
  const change = (path: string, init: { method: 'POST' | 'PATCH'; json: unknown }) => changing.mutate({ path, ...init });

  const support = c.kind === 'support';
  const resolved = c.status === 'resolved';
  const mineAssigned = c.assignee?.id === viewerId;
  return (
    <header className="flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-line px-3 py-2">
      <button
        type="button"
        onClick={onBack}
        aria-label={t('back')}
        className="grid size-8 place-items-center rounded-control hover:bg-surface-2 md:hidden"
        data-testid="chat-back"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
        </svg>
      </button>
      <div className="min-w-0 flex-1">
        <h2 ref={ref} tabIndex={-1} className="flex items-center gap-2 truncate font-semibold outline-none" data-testid="chat-title">
          {c.kind === 'channel' && (
            <span aria-hidden="true" className="text-muted">
              {c.isPrivate ? '🔒' : '#'}
            </span>
          )}
          <span className="truncate">{c.title}</span>
          {c.isPrivate && (
            <span className="rounded-full bg-surface-2 px-2 py-px text-xs font-medium text-muted" data-testid="chat-private">
              {t('private')}
            </span>
          )}
        </h2>
        {c.topic && <p className="truncate text-xs text-muted">{c.topic}</p>}
        {support && c.customer && (
          <p className="truncate text-xs text-muted" data-testid="chat-customer">
            {t('customer', { name: c.customer.name, email: c.customer.email })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {c.kind === 'channel' && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={t('editChannelLabel', { name: c.title })}
            className={small}
            data-testid="chat-edit-channel"
          >
            {t('editChannel')}
          </button>
        )}
        {c.kind === 'channel' && c.isPrivate && (
          <button type="button" onClick={() => setShowMembers(true)} className={small} data-testid="chat-members-open">
            {t('membersButton', { count: members.length })}
          </button>
        )}
        {support && (
          <>
            <span
              className={`rounded-full px-2 py-px text-xs ${resolved ? 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300' : 'bg-amber-500/15 text-amber-800 dark:text-amber-300'}`}
              data-testid="chat-status"
            >
              {t(resolved ? 'statusResolved' : 'statusOpen')}
            </span>
            <span className="text-xs text-muted" data-testid="chat-assignee">
              {c.assignee ? t('assignedTo', { name: mineAssigned ? t('you') : c.assignee.name }) : t('unassigned')}
            </span>
            {canSupport && !mineAssigned && (
              <button
                type="button"
                disabled={busy}
                onClick={() => change(`chats/conversations/${c.id}/assign`, { method: 'POST', json: { assigneeId: viewerId } })}
                className={small}
                data-testid="chat-assign-me"
              >
                {t('assignMe')}
              </button>
            )}
            {canSupport && c.assignee && (
              <button
                type="button"
                disabled={busy}
                onClick={() => change(`chats/conversations/${c.id}/assign`, { method: 'POST', json: { assigneeId: null } })}
                className={small}
                data-testid="chat-unassign"
              >
                {t('unassign')}
              </button>
            )}
            {canSupport && (
              <button
                type="button"
                disabled={busy}
                onClick={() => change(`chats/conversations/${c.id}`, { method: 'PATCH', json: { status: resolved ? 'open' : 'resolved' } })}
                className={`${small} ${resolved ? '' : 'border-emerald-600/50 text-emerald-800 dark:text-emerald-300'}`}
                data-testid="chat-status-toggle"
                data-status={c.status ?? undefined}
              >
                {t(resolved ? 'reopen' : 'resolve')}
              </button>
            )}
          </>
        )}
      </div>
      {editing && <EditChannelDialog conversation={c} onClose={() => setEditing(false)} />}
      {showMembers && (
        <MembersDialog
          conversationId={c.id}
          title={c.title}
          members={members}
          viewerId={viewerId}
          onLeft={() => {
            setShowMembers(false);
            onLeft();
          }}
          onClose={() => setShowMembers(false)}
        />
      )}
    </header>
  );
}

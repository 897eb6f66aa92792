'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { putMessage } from '@/components/chats/cache';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Select';
import type { MessageView } from '@/lib/chats/types';
import { ApiError, api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { templatesQuery, whatsappKeys } from '@/lib/whatsapp/queries';

/** Picks one of the account's approved templates (fetched from the Graph API) and sends it. */
export function TemplateDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const t = useText('whatsapp');
  const te = useText('errors');
  const id = useId();
  const client = useQueryClient();
  const list = useQuery(templatesQuery(conversationId));
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (json: { name: string; language: string }) =>
      api<{ data: { message: MessageView } }>(`whatsapp/conversations/${conversationId}/templates`, { method: 'POST', json }),
    onSuccess: (res) => {
      putMessage(client, res.data.message);
      return client.invalidateQueries({ queryKey: whatsappKeys.conversation(conversationId) });
    },
  });
  const templates = list.data ?? [];
  const chosen = templates.find((x) => `${x.name}|${x.language}` === choice);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return setError(t('templatePlaceholder'));
    try {
      await send.mutateAsync({ name: chosen.name, language: chosen.language });
      alerts.push({ type: 'success', title: t('templateSent') });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setError(Object.values(err.fields)[0]);
      else showError(err, te);
    }
  }

  return (
    <Dialog title={t('templates')} onClose={onClose} busy={send.isPending} testId="whatsapp-template-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate className="px-5 py-4">
        {list.isPending ? (
          <p className="text-sm text-muted">{t('templatesLoading')}</p>
        ) : list.isError ? (
          <p className="text-sm" role="alert">
            {list.error instanceof ApiError ? list.error.message : t('templatesFailed')}
          </p>
        ) : templates.length === 0 ? (
          <p className="text-sm">{t('templatesEmpty')}</p>
        ) : (
          <div>
            <label htmlFor={id} className="mb-1 block text-sm font-medium">
              {t('templatePick')}
            </label>
            <Select
              id={id}
              value={choice}
              onChange={(v) => {
                setChoice(v);
                setError(null);
              }}
              placeholder={t('templatePlaceholder')}
              options={templates.map((x) => ({ value: `${x.name}|${x.language}`, label: `${x.name} (${x.language})` }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              testId="whatsapp-template-select"
            />
            {chosen?.body && <p className="mt-2 rounded-control bg-surface-2 p-2 text-sm whitespace-pre-wrap">{chosen.body}</p>}
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
        )}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={send.isPending}>
          {templates.length > 0 && (
            <DialogSubmit busy={send.isPending} label={t('templateSend')} busyLabel={t('templateSending')} testId="whatsapp-template-send" />
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

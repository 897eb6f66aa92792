'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { primaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';
import { fillPlaceholders, type PlaceholderValues } from '@/lib/requests/placeholders';
import { cannedQuery } from '@/lib/requests/queries';
import type { CannedReply } from '@/lib/requests/types';

/** Replies whose title or text holds every word typed, in any case. */
export function matchCanned(replies: CannedReply[], query: string): CannedReply[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return replies.filter((r) => {
    const text = `${r.title}\n${r.body}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * The composer's searchable list of canned replies: a combobox over a listbox, so typing
 * filters, the arrow keys move and Enter inserts the chosen one with its placeholders filled.
 */
export function CannedPicker({ values, onInsert, onClose }: { values: PlaceholderValues; onInsert: (text: string) => void; onClose: () => void }) {
  const t = useText('requests');
  const id = useId();
  const { data: replies, isPending } = useQuery(cannedQuery());
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = matchCanned(replies ?? [], query);
  const current = shown[Math.min(active, shown.length - 1)];

  function choose(reply: CannedReply | undefined) {
    if (!reply) return;
    onInsert(fillPlaceholders(reply.body, values));
    onClose();
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length ? (Math.min(i, shown.length - 1) + step + shown.length) % shown.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(current);
    }
  }

  const optionId = (r: CannedReply) => `${id}-opt-${r.id}`;
  return (
    <Dialog title={t('cannedPickerTitle')} lead={t('cannedPickerLead')} onClose={onClose} wide testId="canned-picker">
      <div className="px-5 py-4">
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          {t('cannedSearch')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          role="combobox"
          aria-expanded
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent"
          data-testid="canned-search"
        />
        <ul id={`${id}-list`} role="listbox" aria-label={t('cannedTitle')} className="mt-3 max-h-72 space-y-1 overflow-y-auto" data-testid="canned-options">
          {shown.map((r) => (
            <li
              key={r.id}
              id={optionId(r)}
              role="option"
              aria-selected={r === current}
              onClick={() => choose(r)}
              onMouseMove={() => setActive(shown.indexOf(r))}
              className={`cursor-pointer rounded-control border px-3 py-2 text-sm ${r === current ? 'border-accent bg-surface-2' : 'border-transparent'}`}
            >
              <span className="block font-medium">{r.title}</span>
              <span className="line-clamp-2 block text-xs break-words whitespace-pre-line text-muted">{fillPlaceholders(r.body, values)}</span>
            </li>
          ))}
        </ul>
        {!isPending && shown.length === 0 && (
          <p className="mt-3 text-sm text-muted" role="status">
            {replies?.length ? t('cannedNone') : t('cannedNoneYet')}
          </p>
        )}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')}>
          <button type="button" className={primaryButton} disabled={!current} onClick={() => choose(current)} data-testid="canned-insert">
            {t('insert')}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

'use client';

import { useEffect, useRef } from 'react';
import { rowButton } from '@/components/ui/buttons';
import type { ContentKind } from '@/lib/content/schemas';
import type { ContentItem } from '@/lib/root/queries';
import { useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';

export type { ContentItem };
/** Which control of which item should have the focus after the list re-renders. */
export type FocusRequest = { id: string; control: 'up' | 'down' | 'edit' } | null;

export const titleOf = (item: ContentItem) => ('question' in item ? item.question : item.title);

/** The public page showing the item; null for a draft, which the site does not show. */
function publicPath(kind: ContentKind, item: ContentItem): string | null {
  if (!item.published) return null;
  return 'slug' in item ? pathFor('help', item.locale, { slug: item.slug }) : pathFor(kind, item.locale);
}

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';
const MOVE = 'border-line hover:bg-surface-2 rounded-control border px-2 py-1 text-xs disabled:cursor-not-allowed disabled:opacity-40';

type Props = {
  kind: ContentKind;
  label: string;
  items: ContentItem[];
  toggling: ReadonlySet<string>;
  focus: FocusRequest;
  onMove: (index: number, delta: -1 | 1) => void;
  onToggle: (item: ContentItem) => void;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
};

/** One language's entries in the order the site shows them, each with its actions. */
export function ContentList({ kind, label, items, toggling, focus, onMove, onToggle, onEdit, onDelete }: Props) {
  const t = useText('rootContent');
  const list = useRef<HTMLOListElement>(null);

  // A moved row is re-inserted, which drops the focus; the control that moved it gets it
  // back (the other arrow once the row reached an end). Back from the editor, its Edit
  // button does. Only a new request moves the focus, never a re-render.
  useEffect(() => {
    if (!focus || !list.current) return;
    const row = list.current.querySelector(`[data-id="${focus.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${focus.control}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-control="${focus.control === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus]);

  return (
    <ol ref={list} aria-label={label} className="divide-y divide-line rounded-card border border-line">
      {items.map((item, i) => {
        const title = titleOf(item);
        const href = publicPath(kind, item);
        return (
          <li key={item.id} data-id={item.id} data-title={title} data-testid="content-item" className="flex flex-wrap items-center gap-3 px-3 py-3">
            <span className="w-6 text-right text-sm text-muted tabular-nums" aria-hidden="true">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{title}</p>
              {'slug' in item && <p className="text-xs text-muted">/{item.slug}</p>}
            </div>
            <span
              className={`${badge} ${item.published ? 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300' : 'bg-surface-2 text-muted'}`}
              data-testid="content-state"
            >
              {item.published ? t('published') : t('draft')}
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                data-control="up"
                disabled={i === 0}
                onClick={() => onMove(i, -1)}
                aria-label={t('moveUpLabel', { title })}
                title={t('moveUp')}
                className={MOVE}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                data-control="down"
                disabled={i === items.length - 1}
                onClick={() => onMove(i, 1)}
                aria-label={t('moveDownLabel', { title })}
                title={t('moveDown')}
                className={MOVE}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                disabled={toggling.has(item.id)}
                aria-busy={toggling.has(item.id) || undefined}
                onClick={() => onToggle(item)}
                aria-label={t(item.published ? 'unpublishLabel' : 'publishLabel', { title })}
                className={rowButton}
                data-testid="content-toggle"
              >
                {item.published ? t('unpublish') : t('publish')}
              </button>
              <button
                type="button"
                data-control="edit"
                onClick={() => onEdit(item)}
                aria-label={t('editLabel', { title })}
                className={rowButton}
                data-testid="content-edit"
              >
                {t('edit')}
              </button>
              {href && (
                <a href={href} target="_blank" rel="noopener" aria-label={t('viewLabel', { title })} className={rowButton} data-testid="content-view">
                  {t('view')}
                </a>
              )}
              <button type="button" onClick={() => onDelete(item)} aria-label={t('deleteLabel', { title })} className={rowButton} data-testid="content-delete">
                {t('delete')}
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

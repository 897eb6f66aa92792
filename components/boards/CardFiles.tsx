'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FileInput } from '@/components/ui/FileInput';
import { rowButton } from '@/components/ui/buttons';
import { CARD_FILE_MAX_BYTES, isImageType } from '@/lib/boards/limits';
import { boardsKeys } from '@/lib/boards/queries';
import type { CardDetail, CardView } from '@/lib/boards/types';
import { formatFileSize } from '@/lib/format/file-size';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { putCard } from './cache';

const PER_UPLOAD = 5;

type Props = { boardId: string; card: CardDetail; may: BoardMay; patch: (json: Record<string, unknown>) => void };

/** The card's files (served privately after an access check), an upload of up to five at a time, and the choice of cover among its images. */
export function CardFiles({ boardId, card, may, patch }: Props) {
  const t = useText('boards');
  const te = useText('errors');
  const locale = useLocale();
  const id = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function upload(files: FileList | null) {
    if (!files?.length) return;
    const form = new FormData();
    form.append('json', '{}');
    [...files].slice(0, PER_UPLOAD).forEach((file, i) => form.append(`file_${i}`, file));
    setBusy(true);
    try {
      const res = await api<{ card: CardView }>(`boards/${boardId}/cards/${card.id}/files`, { form });
      putCard(client, boardId, res.card);
      await client.invalidateQueries({ queryKey: boardsKeys.card(boardId, card.id) });
    } catch (error) {
      showError(error, te);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold">
        {t('files')}
      </h3>
      {card.attachmentList.length === 0 && <p className="text-sm text-muted">{t('noFiles')}</p>}
      <ul className="flex flex-col gap-1" data-testid="files">
        {card.attachmentList.map((f) => (
          <li key={f.id} className="text-sm">
            <a href={`/api/boards/${boardId}/cards/${card.id}/files/${f.id}`} className="break-all text-accent underline" target="_blank" rel="noopener">
              {f.name}
            </a>{' '}
            <span className="text-muted">({formatFileSize(f.size, locale)})</span>
            {f.id === card.coverId && (
              <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs" data-testid="file-cover">
                {t('cover.current')}
              </span>
            )}
            {may.update && isImageType(f.type) && f.id !== card.coverId && (
              <button
                type="button"
                className={`${rowButton} ml-2`}
                onClick={() => patch({ coverId: f.id })}
                aria-label={t('cover.useLabel', { name: f.name })}
                data-testid="file-use-cover"
              >
                {t('cover.use')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {may.update && card.coverId && (
        <button type="button" className={`${rowButton} self-start`} onClick={() => patch({ coverId: null })} data-testid="cover-remove">
          {t('cover.remove')}
        </button>
      )}
      {may.update && (
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm">
            {t('addFiles', { max: CARD_FILE_MAX_BYTES / 1024 / 1024 })}
          </label>
          {/* Each pick uploads at once and joins the list above, so the input holds nothing (FileInput empties it). */}
          <FileInput
            id={`${id}-file`}
            multiple
            disabled={busy}
            aria-busy={busy || undefined}
            chosen={[]}
            onChange={(e) => void upload(e.target.files)}
            data-testid="card-file-input"
          />
        </div>
      )}
    </section>
  );
}

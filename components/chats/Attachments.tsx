'use client';

import { useState } from 'react';
import { formatFileSize } from '@/lib/format';
import { Dialog } from '@/components/ui/Dialog';
import type { AttachmentView } from '@/lib/chats/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { fitImage } from './image-fit';

const THUMB = { width: 320, height: 240 };

/** A message's files: images inline (full size in a dialog on click), others as download chips. */
export function Attachments({ files }: { files: AttachmentView[] }) {
  const t = useText('chats');
  const locale = useLocale();
  const [viewing, setViewing] = useState<AttachmentView | null>(null);
  if (files.length === 0) return null;
  const images = files.filter((f) => f.image);
  const others = files.filter((f) => !f.image);
  return (
    <div className="mt-1 flex flex-col gap-2">
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {images.map((file) => {
            const box = fitImage(file.width, file.height, THUMB.width, THUMB.height);
            return (
              <li key={file.id}>
                <button
                  type="button"
                  onClick={() => setViewing(file)}
                  aria-label={t('imageOpen', { name: file.name })}
                  className="block overflow-hidden rounded-control border border-line"
                  data-testid="chat-image"
                >
                  {/* Served after an access check on every download: nothing for next/image to optimise or cache. */}
                  <img
                    src={file.url}
                    alt={file.name}
                    width={box?.width ?? THUMB.width}
                    height={box?.height ?? THUMB.height}
                    loading="lazy"
                    decoding="async"
                    className={box ? 'block' : 'block bg-surface-2 object-contain'}
                    style={box ?? THUMB}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {others.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                download={file.name}
                className="flex max-w-72 items-center gap-2 rounded-control border border-line bg-surface px-3 py-1.5 text-sm hover:bg-surface-2"
                data-testid="chat-file"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-muted" fill="currentColor">
                  <path d="M10 2a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 1.4-1.4L9 10.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
                </svg>
                <span className="min-w-0 flex-1 truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="shrink-0 text-muted tabular-nums">{formatFileSize(file.size, locale)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <Dialog title={viewing.name} onClose={() => setViewing(null)} wide testId="chat-image-dialog">
          <div className="flex flex-col items-center gap-3 px-5 py-4">
            <img
              src={viewing.url}
              alt={viewing.name}
              width={viewing.width}
              height={viewing.height}
              className="h-auto max-h-[75dvh] w-auto max-w-full object-contain"
            />
            <div className="flex w-full justify-between gap-2 text-sm">
              <a href={viewing.url} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                {t('imageFull')}
              </a>
              <button type="button" autoFocus onClick={() => setViewing(null)} className="font-medium text-accent hover:underline">
                {t('close')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}

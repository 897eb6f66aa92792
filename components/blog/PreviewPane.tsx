'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { blogKeys } from '@/lib/blog/queries';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

const DEBOUNCE_MS = 400;

/**
 * The body as the public page will show it: rendered by the server's sanitizing renderer
 * (never a second one in the browser), a moment after typing stops.
 */
export function PreviewPane({ body }: { body: string }) {
  const t = useText('blog');
  const [settled, setSettled] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body]);
  const { data } = useQuery({
    queryKey: blogKeys.preview(settled),
    queryFn: ({ signal }) => api<{ html: string }>('blog/preview', { method: 'POST', json: { body: settled }, signal }),
    placeholderData: keepPreviousData,
    enabled: settled.trim() !== '',
    staleTime: Infinity,
  });
  if (!settled.trim()) return <p className="text-sm text-muted">{t('editor.previewEmpty')}</p>;
  return <div className="prose-content" data-testid="blog-preview" dangerouslySetInnerHTML={{ __html: data?.html ?? '' }} />;
}

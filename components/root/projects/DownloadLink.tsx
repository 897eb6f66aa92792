'use client';

import type { ReactNode } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

/**
 * A plain link to a private file, so it works like any download; on click the session is
 * renewed first through api(), because a link that met an expired access token would
 * show the browser a bare 401 instead of the file.
 */
export function DownloadLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const te = useText('errors');
  return (
    <a
      href={href}
      download
      aria-label={label}
      className="font-medium text-accent hover:underline"
      data-testid="root-project-file"
      onClick={async (e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        try {
          await api('auth/session');
          window.location.assign(href);
        } catch (error) {
          showError(error, te);
        }
      }}
    >
      {children}
    </a>
  );
}

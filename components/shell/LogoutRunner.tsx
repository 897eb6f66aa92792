'use client';

import { Link } from '@/components/ui/Link';
import { useEffect, useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';

type Texts = { title: string; failed: string; confirmTitle: string; confirm: string; stay: string };

function endSession(onFailure: () => void) {
  fetch('/api/auth/logout', { method: 'POST' })
    .then((res) => (res.ok ? location.replace('/') : onFailure()))
    .catch(onFailure);
}

/**
 * Ends the session on the server, then leaves for the home page. Reached from another
 * site (a link anyone can post), it asks first: a GET must not sign anyone out.
 */
export function LogoutRunner({ ask, texts }: { ask: boolean; texts: Texts }) {
  const [state, setState] = useState<'asking' | 'working' | 'failed'>(ask ? 'asking' : 'working');
  useEffect(() => {
    if (!ask) endSession(() => setState('failed'));
  }, [ask]);

  if (state !== 'asking') return <p role="status">{state === 'failed' ? texts.failed : texts.title}</p>;
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="logout-confirm">
      <h1 className="text-xl font-semibold">{texts.confirmTitle}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            setState('working');
            endSession(() => setState('failed'));
          }}
        >
          {texts.confirm}
        </button>
        <Link href="/dashboard" className={secondaryButton}>
          {texts.stay}
        </Link>
      </div>
    </div>
  );
}

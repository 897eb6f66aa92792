'use client';

import { useEffect, useState } from 'react';

/**
 * Where an error page's "back home" leads: the dashboard when the visitor has an active
 * project, else the public home. Asked of the API because error boundaries are rendered
 * in the browser (or pre-rendered), where the HttpOnly session cookie cannot be read.
 */
export function useHomeHref(): string {
  const [home, setHome] = useState('/');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/session', { method: 'POST', signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { project?: unknown } | null) => body?.project && setHome('/dashboard'))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return home;
}

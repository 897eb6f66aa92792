'use client';

import { useEffect } from 'react';

/** Full-screen preloader: server-rendered, faded out once the first page is interactive. */
export function Preloader() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return (
    <div id="preloader" aria-hidden="true" data-testid="preloader">
      <div className="spinner" />
    </div>
  );
}

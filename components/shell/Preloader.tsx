'use client';

import { useEffect } from 'react';

/** Marks the document once the first page is hydrated: the preloader fades out on it, and tests wait for it. */
export function ReadyFlag() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

/**
 * Full-screen preloader of the signed-in pages (SPEC's "until the first page finishes"): their
 * controls do nothing before hydration. Public pages never show it, so their server-rendered
 * HTML is visible at first paint. Mounted after the first page, it is hidden from the start.
 */
export function Preloader() {
  return (
    <div id="preloader" aria-hidden="true" data-testid="preloader">
      <div className="spinner" />
    </div>
  );
}

'use client';

import { useEffect, useRef } from 'react';
import { showError } from '../http/api-client';
import { useText } from '../i18n/client';

/**
 * A read's failure as an error alert (SPEC.md section 8), once per failure: each failed
 * fetch brings a new error object, a re-render the same one.
 */
export function useErrorAlert(error: unknown): void {
  const te = useText('errors');
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    showError(error, te);
  }, [error, te]);
}

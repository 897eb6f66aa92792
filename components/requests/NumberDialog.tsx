'use client';

import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { primaryButton } from '@/components/ui/buttons';
import { ApiError, api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { RequestPage } from '@/lib/requests/types';

/** Asks for a request by its number (#12), finds it in the project and hands its id on. */
export function NumberDialog({
  title,
  lead,
  label,
  confirmLabel,
  onPick,
  onClose,
}: {
  title: string;
  lead?: string;
  label: string;
  confirmLabel: string;
  onPick: (id: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useText('requests');
  const te = useText('errors');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const number = Number(value.replace('#', '').trim());
    if (!Number.isInteger(number) || number < 1) return setError(t('unknownNumber', { number: value }));
    setBusy(true);
    try {
      const page = (await api<{ data: RequestPage }>(`requests?q=%23${number}&size=5`, { method: 'GET' })).data;
      const found = page.items.find((r) => r.number === number);
      if (!found) return setError(t('unknownNumber', { number }));
      await onPick(found.id);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(Object.values(err.fields)[0] ?? err.message);
      showError(err, te);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} lead={lead} onClose={onClose} busy={busy}>
      <form onSubmit={submit} className="p-5" noValidate>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600"
          data-testid="request-number"
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <button type="submit" className={primaryButton} disabled={busy}>
            {confirmLabel}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { FileInput } from '@/components/ui/FileInput';
import { api, ApiError, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { invoicesKeys, type BankDetails } from '@/lib/invoices/queries';
import { INVOICE_LIMITS, type InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';

/** A bank transfer: root's instructions, then the proof (PDF or image), pending until root confirms. */
export function TransferPay({ invoice, instructions, bank, amount }: { invoice: InvoiceView; instructions: string; bank: BankDetails; amount: string | null }) {
  const t = useText('invoices');
  const te = useText('errors');
  const client = useQueryClient();
  const fileId = useId();
  const [error, setError] = useState<string | undefined>();
  const [proof, setProof] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: (form: FormData) => api<{ invoice: InvoiceView; message: string }>(`invoices/${invoice.id}/transfer`, { form }),
    onSuccess: (res) => {
      alerts.push({ type: 'success', text: res.message });
      setProof(null);
      return client.invalidateQueries({ queryKey: invoicesKeys.all });
    },
    onError: (e) => {
      if (e instanceof ApiError) setError(e.fields.proof ?? e.fields.amount);
      showError(e, te);
    },
  });
  const account = (
    [
      [t('document.bankHolder'), bank.holder],
      [t('document.bankAccount'), bank.account],
      [t('document.bankBic'), bank.bic],
      [t('document.bankName'), bank.name],
    ] as const
  ).filter(([, value]) => value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof) return setError(t('payPage.proof'));
    if (proof.size > INVOICE_LIMITS.proofBytes) return setError(t('payPage.proof'));
    if (!amount) return;
    setError(undefined);
    const form = new FormData();
    form.set('json', JSON.stringify({ amount }));
    form.set('proof', proof);
    send.mutate(form);
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-card border border-line p-4" data-testid="transfer-pay" noValidate>
      <div>
        <h2 className="text-sm font-medium">{t('payPage.bankTitle')}</h2>
        {account.length > 0 && (
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="bank-account">
            {account.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="font-mono break-all">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-1 text-sm whitespace-pre-line text-muted" data-testid="bank-instructions">
          {instructions || (account.length ? '' : t('payPage.noBank'))}
        </p>
      </div>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          {t('payPage.proof')}
        </label>
        <FileInput
          id={fileId}
          accept="application/pdf,image/png,image/jpeg,image/webp"
          chosen={proof ? [proof.name] : []}
          onChange={(e) => setProof(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fileId}-error` : undefined}
          data-testid="transfer-proof"
        />
        {error && (
          <p id={`${fileId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={primaryButton} disabled={send.isPending || !amount} data-testid="transfer-send">
        {t('payPage.sendTransfer')}
      </button>
    </form>
  );
}

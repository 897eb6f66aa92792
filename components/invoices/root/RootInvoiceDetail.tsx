'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { primaryButton, rowButton, secondaryButton } from '@/components/ui/buttons';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { ProjectChoice } from '@/lib/invoices/pages';
import { invoicesKeys, rootInvoiceQuery } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';
import { InvoiceSheet } from '../InvoiceSheet';
import { PaymentsList } from '../PaymentsList';

const InvoiceEditor = dynamic(() => import('./InvoiceEditor').then((m) => m.InvoiceEditor), { ssr: false });
const BillingDialog = dynamic(() => import('./BillingDialog').then((m) => m.BillingDialog), { ssr: false });
const RecordPaymentDialog = dynamic(() => import('./RecordPaymentDialog').then((m) => m.RecordPaymentDialog), { ssr: false });

const OPEN = new Set(['sent', 'viewed', 'partial', 'overdue']);

/** One invoice as root handles it: edit or send a draft, void, record payments, confirm or reject proofs. */
export function RootInvoiceDetail({ initial, projects }: { initial: InvoiceView; projects: ProjectChoice[] }) {
  const t = useText('invoices');
  const te = useText('errors');
  const client = useQueryClient();
  const { data: invoice } = useQuery({ ...rootInvoiceQuery(initial.id), initialData: initial });
  const [editing, setEditing] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [recording, setRecording] = useState(false);
  const [billing, setBilling] = useState(false);
  const act = useMutation({
    mutationFn: ({ path, json, method }: { path: string; json?: unknown; method?: 'DELETE' }) =>
      api<{ invoice: InvoiceView; message: string }>(`root/invoices/${invoice.id}${path}`, { json, method }),
    onSuccess: (res) => {
      alerts.push({ type: 'success', text: res.message });
      client.setQueryData(invoicesKeys.rootDetail(invoice.id), res.invoice);
      return client.invalidateQueries({ queryKey: [...invoicesKeys.root, 'list'] });
    },
    onError: (error) => showError(error, te),
  });
  // A confirm dialog closes only when its action went through (the error is already shown).
  const settles = (vars: Parameters<typeof act.mutateAsync>[0]) =>
    act.mutateAsync(vars).then(
      () => true,
      () => false,
    );

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap gap-2">
        <Link href="/root/invoices" className={secondaryButton}>
          {t('back')}
        </Link>
        <a href={`/api/root/invoices/${invoice.id}/pdf`} className={secondaryButton} target="_blank" rel="noopener">
          {t('pdf')}
        </a>
        <button type="button" className={secondaryButton} onClick={() => setBilling(true)} data-testid="invoice-billing">
          {t('billing.open')}
        </button>
        {invoice.status === 'draft' && (
          <>
            <button type="button" className={secondaryButton} onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
              {t('actions.edit')}
            </button>
            <button type="button" className={primaryButton} disabled={act.isPending} onClick={() => act.mutate({ path: '/send' })} data-testid="invoice-send">
              {t('actions.send')}
            </button>
          </>
        )}
        {OPEN.has(invoice.status) && (
          <button type="button" className={primaryButton} onClick={() => setRecording(true)} data-testid="invoice-record">
            {t('actions.record')}
          </button>
        )}
        {invoice.status !== 'void' && invoice.paid === '0' && (
          <button type="button" className={secondaryButton} onClick={() => setVoiding(true)} data-testid="invoice-void">
            {t('actions.void')}
          </button>
        )}
      </div>
      {invoice.recurrence !== 'none' && invoice.nextIssueDate && (
        <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="invoice-repeats">
          <span>{t(`repeats.${invoice.recurrence}`, { date: invoice.nextIssueDate })}</span>
          <button type="button" className={rowButton} onClick={() => setStopping(true)} data-testid="invoice-stop-repeating">
            {t('actions.stopRepeating')}
          </button>
        </p>
      )}
      {editing && invoice.status === 'draft' && (
        <section aria-label={t('editor.edit', { number: invoice.number })} className="rounded-card border border-line p-4">
          <InvoiceEditor
            projects={projects}
            invoice={invoice}
            onDone={(saved) => {
              client.setQueryData(invoicesKeys.rootDetail(invoice.id), saved);
              setEditing(false);
            }}
          />
        </section>
      )}
      <InvoiceSheet invoice={invoice} />
      <PaymentsList
        invoice={invoice}
        proofHref={(p) => `/api/root/invoices/${invoice.id}/payments/${p.id}/proof`}
        actions={(p) =>
          p.status === 'pending' && p.method === 'transfer' ? (
            <>
              <button
                type="button"
                className={rowButton}
                disabled={act.isPending}
                onClick={() => act.mutate({ path: `/payments/${p.id}`, json: { decision: 'confirm' } })}
                data-testid="payment-confirm"
              >
                {t('actions.confirm')}
              </button>
              <button
                type="button"
                className={rowButton}
                disabled={act.isPending}
                onClick={() => act.mutate({ path: `/payments/${p.id}`, json: { decision: 'reject' } })}
                data-testid="payment-reject"
              >
                {t('actions.reject')}
              </button>
            </>
          ) : null
        }
      />
      {billing && <BillingDialog projectId={invoice.projectId} projectName={invoice.projectName} onClose={() => setBilling(false)} />}
      {voiding && (
        <ConfirmDialog
          title={t('actions.void')}
          text={t('actions.confirmVoid', { number: invoice.number })}
          confirmLabel={t('actions.void')}
          cancelLabel={t('actions.cancel')}
          onClose={() => setVoiding(false)}
          onConfirm={() => settles({ path: '/void' })}
        />
      )}
      {stopping && (
        <ConfirmDialog
          title={t('actions.stopRepeating')}
          text={t('actions.confirmStop', { number: invoice.number })}
          confirmLabel={t('actions.stopRepeating')}
          cancelLabel={t('actions.cancel')}
          onClose={() => setStopping(false)}
          onConfirm={() => settles({ path: '/recurrence', method: 'DELETE' })}
        />
      )}
      {recording && <RecordPaymentDialog invoice={invoice} onClose={() => setRecording(false)} />}
    </div>
  );
}

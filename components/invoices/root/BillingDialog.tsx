'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { invoiceBillingQuery, invoicesKeys } from '@/lib/invoices/queries';
import type { BillingView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';

function BillingForm({ projectId, current, onClose }: { projectId: string; current: BillingView; onClose: () => void }) {
  const t = useText('invoices');
  const client = useQueryClient();
  const addressId = useId();
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/invoices/schemas').then((m) => m.invoiceBillingSchema), {
    defaultValues: current,
    onSubmit: async (values) => {
      const res = await api<{ billing: BillingView; message: string }>(`root/invoices/billing/${projectId}`, { method: 'PUT', json: values });
      client.setQueryData(invoicesKeys.billing(projectId), res.billing);
      // An open editor's preview prints these details: draw it again.
      await client.invalidateQueries({ queryKey: [...invoicesKeys.root, 'preview'] });
      alerts.push({ type: 'success', text: res.message });
      onClose();
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <div className="space-y-4 px-5 py-4">
        <p className="text-sm text-muted">{t('billing.lead')}</p>
        <TextField label={t('billing.legalName')} hint={t('billing.legalNameHint')} {...bind('legalName')} data-testid="billing-legal-name" />
        <FieldFrame id={addressId} label={t('billing.address')} error={errorOf('address')}>
          <textarea
            rows={3}
            {...wiring(addressId, { error: errorOf('address') })}
            {...form.register('address')}
            className={selectClass}
            data-testid="billing-address"
          />
        </FieldFrame>
        <TextField label={t('billing.taxId')} {...bind('taxId')} data-testid="billing-tax-id" />
      </div>
      <DialogActions onCancel={onClose} cancelLabel={t('actions.cancel')} busy={busy} bar>
        <DialogSubmit busy={busy} label={t('billing.save')} busyLabel={t('billing.save')} testId="billing-save" />
      </DialogActions>
    </form>
  );
}

/** Root's record of who a project's invoices bill: legal name, postal address and tax id. */
export function BillingDialog({ projectId, projectName, onClose }: { projectId: string; projectName: string; onClose: () => void }) {
  const t = useText('invoices');
  const { data } = useQuery(invoiceBillingQuery(projectId));
  return (
    <Dialog title={t('billing.title', { project: projectName })} onClose={onClose} testId="invoice-billing-dialog">
      {data ? <BillingForm projectId={projectId} current={data} onClose={onClose} /> : <p className="px-5 py-4 text-sm text-muted">…</p>}
    </Dialog>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';
import { rootInvoiceStatusFilterAtom } from '@/lib/invoices/atoms';
import type { ProjectChoice } from '@/lib/invoices/pages';
import { rootInvoicesQuery } from '@/lib/invoices/queries';
import type { InvoiceSummary } from '@/lib/invoices/schemas';
import { InvoiceTable } from '../InvoiceTable';
import { StatusFilter } from '../StatusFilter';

// The editor and the settings are chunks of their own: most visits only read the list.
const InvoiceEditor = dynamic(() => import('./InvoiceEditor').then((m) => m.InvoiceEditor), { ssr: false });
const SettingsDialog = dynamic(() => import('./SettingsDialog').then((m) => m.SettingsDialog), { ssr: false });

/** Root's invoices across projects, the new-invoice form and the invoicing settings. */
export function RootInvoices({ initial, projects }: { initial: InvoiceSummary[]; projects: ProjectChoice[] }) {
  const t = useText('invoices');
  const router = useRouter();
  const status = useAtomValue(rootInvoiceStatusFilterAtom);
  const { data, isFetching } = useQuery({ ...rootInvoicesQuery(status), initialData: status === '' ? initial : undefined });
  const [creating, setCreating] = useState(false);
  const [settings, setSettings] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={primaryButton} onClick={() => setCreating((v) => !v)} aria-expanded={creating} data-testid="invoice-new">
          {t('actions.new')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setSettings(true)} data-testid="invoice-settings">
          {t('actions.settings')}
        </button>
        <StatusFilter filter={rootInvoiceStatusFilterAtom} drafts />
      </div>
      {creating && (
        <section aria-labelledby="new-invoice" className="rounded-card border border-line p-4">
          <h2 id="new-invoice" className="mb-4 text-lg font-semibold">
            {t('editor.new')}
          </h2>
          <InvoiceEditor projects={projects} onDone={(saved) => router.push(`/root/invoices/${saved.id}`)} />
        </section>
      )}
      <InvoiceTable invoices={data ?? []} busy={isFetching} hrefOf={(i) => `/root/invoices/${i.id}`} showProject />
      {settings && <SettingsDialog onClose={() => setSettings(false)} />}
    </div>
  );
}

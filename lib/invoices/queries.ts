'use client';

import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from '../query/client';
import { browserSocket } from '../realtime/client';
import type { InvoiceEvent } from './events';
import type { BillingView, CryptoMethod, InvoiceSummary, InvoiceView } from './schemas';
import type { SettingsView } from './settings';

// Invoices in the browser's query cache: the project's and root's lists and details, and
// root's settings. A socket event about an invoice reads its detail and the lists again.

/** How an invoice can be paid: `crypto` is null when nobody takes crypto for it (no BTCPay set up). */
export type Paying = { bankInstructions: string; bank: BankDetails; crypto: CryptoMethod };
/** The account transfers go to, as root set it (empty strings where it has not). */
export type BankDetails = { holder: string; account: string; bic: string; name: string };

export const invoicesKeys = {
  all: ['invoices'] as const,
  list: (status: string, due = '') => [...invoicesKeys.all, 'list', status, due] as const,
  detail: (id: string) => [...invoicesKeys.all, 'detail', id] as const,
  root: ['invoices', 'root'] as const,
  rootList: (status: string) => [...invoicesKeys.root, 'list', status] as const,
  rootDetail: (id: string) => [...invoicesKeys.root, 'detail', id] as const,
  settings: () => [...invoicesKeys.root, 'settings'] as const,
  billing: (projectId: string) => [...invoicesKeys.root, 'billing', projectId] as const,
  /** The editor's PDF preview, keyed by the values it drew. */
  preview: (values: string) => [...invoicesKeys.root, 'preview', values] as const,
};

/** `?status=…&due=…` with the filters that are on. */
const qs = (filters: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  return query ? `?${query}` : '';
};

export function invoicesQuery(status: string, due = '') {
  return queryOptions({
    queryKey: invoicesKeys.list(status, due),
    queryFn: async (ctx) => (await getJson<{ invoices: InvoiceSummary[] }>(`invoices${qs({ status, due })}`)(ctx)).invoices,
  });
}

export function invoiceQuery(id: string) {
  return queryOptions({ queryKey: invoicesKeys.detail(id), queryFn: (ctx) => getJson<{ invoice: InvoiceView; paying: Paying }>(`invoices/${id}`)(ctx) });
}

export function rootInvoicesQuery(status: string) {
  return queryOptions({
    queryKey: invoicesKeys.rootList(status),
    queryFn: async (ctx) => (await getJson<{ invoices: InvoiceSummary[] }>(`root/invoices${qs({ status })}`)(ctx)).invoices,
  });
}

export function rootInvoiceQuery(id: string) {
  return queryOptions({
    queryKey: invoicesKeys.rootDetail(id),
    queryFn: async (ctx) => (await getJson<{ invoice: InvoiceView }>(`root/invoices/${id}`)(ctx)).invoice,
  });
}

export function invoiceSettingsQuery() {
  return queryOptions({
    queryKey: invoicesKeys.settings(),
    queryFn: async (ctx) => (await getJson<{ settings: SettingsView }>('root/invoices/settings')(ctx)).settings,
  });
}

export function invoiceBillingQuery(projectId: string) {
  return queryOptions({
    queryKey: invoicesKeys.billing(projectId),
    queryFn: async (ctx) => (await getJson<{ billing: BillingView }>(`root/invoices/billing/${projectId}`)(ctx)).billing,
  });
}

/** Keeps the project's invoice pages live: a payment landing elsewhere shows here at once. */
export function useInvoiceEvents(onEvent?: (event: InvoiceEvent) => void) {
  const client = useQueryClient();
  useEffect(
    () =>
      browserSocket().on('invoices:update', (d) => {
        const event = d as InvoiceEvent;
        void client.invalidateQueries({ queryKey: invoicesKeys.detail(event.id) });
        void client.invalidateQueries({ queryKey: [...invoicesKeys.all, 'list'] });
        onEvent?.(event);
      }),
    [client, onEvent],
  );
}

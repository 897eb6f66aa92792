// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceSheet } from '@/components/invoices/InvoiceSheet';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextProvider } from '@/lib/i18n/client';
import type { InvoiceView } from '@/lib/invoices/schemas';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

afterEach(cleanup);

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function Held({ currency, initial, seen }: { currency: string; initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MoneyInput
      label="Precio"
      currency={currency}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('MoneyInput', () => {
  it('shows minor units in the reader’s notation and hands the form minor units back', () => {
    const seen: string[] = [];
    render(
      <TextProvider locale="es" messages={{ ui: es.ui }}>
        <Held currency="USD" initial="4990" seen={seen} />
      </TextProvider>,
    );
    const input = screen.getByLabelText('Precio (USD)') as HTMLInputElement;
    expect(input.value).toBe('49,90');
    fireEvent.change(input, { target: { value: '1.234,5' } });
    fireEvent.change(input, { target: { value: '12,345' } });
    fireEvent.change(input, { target: { value: 'doce' } });
    expect(seen).toEqual(['123450', 'validation.moneyDecimals {"digits":2}', 'validation.number']);
    // What was typed stays as typed, even when it is no amount yet.
    expect(input.value).toBe('doce');
  });
});

describe('the invoice sheet', () => {
  it('shows unit prices as money, not the minor units they are stored in', () => {
    const invoice = {
      number: 'INV-2026-0001',
      status: 'sent',
      test: false,
      projectName: 'Demo',
      currency: 'USD',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      lines: [
        { description: 'Design', quantity: '3', unitPrice: '3333', amount: '9999' },
        { description: 'Plan', quantity: '1', unitPrice: '4900', amount: '4900' },
        { description: 'Storage', quantity: '3', unitPrice: '33.3333', amount: '100' },
      ],
      taxes: [],
      subtotal: '14999',
      discountTotal: '0',
      total: '14999',
      paid: '0',
      pending: '0',
      due: '14999',
      terms: '',
      notes: '',
    } as unknown as InvoiceView;
    render(
      <TextProvider locale="en" messages={{ invoices: en.invoices }}>
        <InvoiceSheet invoice={invoice} />
      </TextProvider>,
    );
    expect(screen.getAllByTestId('invoice-line-price').map((cell) => plain(cell.textContent))).toEqual(['$33.33', '$49.00', '$0.333333']);
  });
});

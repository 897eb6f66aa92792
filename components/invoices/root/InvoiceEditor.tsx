'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { primaryButton, rowButton, secondaryButton } from '@/components/ui/buttons';
import { FormMoneyInput } from '@/components/ui/MoneyInput';
import { Select } from '@/components/ui/Select';
import { FieldFrame, TextField, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { formatMoney } from '@/lib/format/money';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { computeTotals, PRICE_DIGITS } from '@/lib/invoices/money';
import type { ProjectChoice } from '@/lib/invoices/pages';
import { invoicesKeys } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';
import { EditorWithPreview, InvoicePreview } from './InvoicePreview';

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const emptyLine = { description: '', quantity: '1', unitPrice: '' };

type Values = {
  projectId: string;
  currency: string;
  issueDate: string;
  dueDate: string;
  terms: string;
  notes: string;
  lines: { description: string; quantity: string; unitPrice: string }[];
  discountKind: '' | 'percent' | 'amount';
  discountValue: string;
  taxes: { name: string; rate: string; compound: boolean }[];
  recurrence: 'none' | 'monthly' | 'yearly';
  send: boolean;
};

/** Totals as the server will store them (the same function), or null while a figure is not a valid number yet. */
function preview(v: Values) {
  try {
    return computeTotals({ lines: v.lines, taxes: v.taxes, discount: v.discountKind ? { kind: v.discountKind, value: v.discountValue || '0' } : null });
  } catch {
    return null;
  }
}

/** What the PDF preview draws: the rows still being typed (no description or price yet) left out. */
function previewValues({ send: _send, ...v }: Values & { discount: { kind: string; value: string } | null }) {
  return {
    ...v,
    lines: (v.lines ?? []).filter((l) => l.description?.trim() && l.unitPrice),
    taxes: (v.taxes ?? []).filter((x) => x.name?.trim() && x.rate),
    discount: v.discount?.value ? v.discount : null,
  };
}

/** Root's invoice form: a new invoice (draft or sent at once), or a draft's changes. */
export function InvoiceEditor({ projects, invoice, onDone }: { projects: ProjectChoice[]; invoice?: InvoiceView; onDone: (saved: InvoiceView) => void }) {
  const t = useText('invoices');
  const locale = useLocale();
  const client = useQueryClient();
  const ids = { project: useId(), recurrence: useId(), discount: useId() };
  const save = useMutation({
    mutationFn: async (values: Values & { discount: unknown }) => {
      const { discountKind: _k, discountValue: _v, ...body } = values;
      if (!invoice) return api<{ invoice: InvoiceView; message: string }>('root/invoices', { json: body });
      const saved = await api<{ invoice: InvoiceView; message: string }>(`root/invoices/${invoice.id}`, { method: 'PATCH', json: body });
      return values.send ? api<{ invoice: InvoiceView; message: string }>(`root/invoices/${invoice.id}/send`, {}) : saved;
    },
    onSuccess: (res) => {
      alerts.push({ type: 'success', text: res.message });
      return client.invalidateQueries({ queryKey: invoicesKeys.root });
    },
  });
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/invoices/schemas').then((m) => m.invoiceCreateSchema), {
    defaultValues: {
      projectId: invoice?.projectId ?? '',
      currency: invoice?.currency ?? 'USD',
      issueDate: invoice?.issueDate ?? today(),
      dueDate: invoice?.dueDate ?? inDays(30),
      terms: invoice?.terms ?? '',
      notes: invoice?.notes ?? '',
      lines: invoice?.lines.map(({ description, quantity, unitPrice }) => ({ description, quantity, unitPrice })) ?? [emptyLine],
      taxes: invoice?.taxes.map(({ name, rate, compound }) => ({ name, rate, compound })) ?? [],
      discount: invoice?.discount ?? null,
      recurrence: invoice?.recurrence ?? 'none',
      send: false,
    } as never,
    onSubmit: async (values) => onDone((await save.mutateAsync(values as never)).invoice),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' as never });
  const taxes = useFieldArray({ control: form.control, name: 'taxes' as never });
  const watched = useWatch({ control: form.control }) as unknown as Values & { discount: { kind: 'percent' | 'amount'; value: string } | null };
  const totals = preview({ ...watched, discountKind: watched.discount?.kind ?? '', discountValue: watched.discount?.value ?? '' });
  const currency = /^[A-Z]{3,4}$/.test(watched.currency ?? '') ? watched.currency : 'USD';
  const money = (v: bigint) => formatMoney(v, currency, locale);
  const b = bind as (name: string) => ReturnType<typeof bind>;

  const editor = (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="invoice-editor">
      <div className="grid gap-4 sm:grid-cols-2">
        {!invoice && (
          <Controller
            control={form.control}
            name={'projectId' as never}
            render={({ field }) => (
              <FieldFrame id={ids.project} label={t('editor.project')} error={errorOf('projectId')}>
                <Select
                  value={field.value as string}
                  onChange={(v) => {
                    field.onChange(v);
                    const chosen = projects.find((p) => p.id === v);
                    if (chosen) form.setValue('currency' as never, chosen.currency as never);
                  }}
                  onBlur={field.onBlur}
                  placeholder={t('editor.pickProject')}
                  options={projects.map((p) => ({ value: p.id, label: p.name }))}
                  testId="editor-project"
                  {...wiring(ids.project, { error: errorOf('projectId'), required: true })}
                />
              </FieldFrame>
            )}
          />
        )}
        <TextField label={t('editor.currency')} {...b('currency')} required autoCapitalize="characters" maxLength={4} data-testid="editor-currency" />
        <TextField label={t('issueDate')} type="date" {...b('issueDate')} required />
        <TextField label={t('dueDate')} type="date" {...b('dueDate')} required data-testid="editor-due" />
        <Controller
          control={form.control}
          name={'recurrence' as never}
          render={({ field }) => (
            <FieldFrame id={ids.recurrence} label={t('editor.recurrence')}>
              <Select
                id={ids.recurrence}
                value={field.value as string}
                onChange={field.onChange}
                options={(['none', 'monthly', 'yearly'] as const).map((r) => ({ value: r, label: t(`recurring.${r}`) }))}
              />
            </FieldFrame>
          )}
        />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t('line.description')}</legend>
        <p className="text-xs text-muted">{t('editor.priceHint')}</p>
        {lines.fields.map((f, i) => (
          <div
            key={f.id}
            className="grid gap-2 rounded-control border border-line p-3 sm:grid-cols-[1fr_7rem_9rem_auto] sm:items-end"
            data-testid="editor-line"
          >
            <TextField label={t('line.description')} {...b(`lines.${i}.description`)} required />
            <TextField label={t('line.quantity')} inputMode="decimal" {...b(`lines.${i}.quantity`)} required />
            <FormMoneyInput
              control={form.control}
              name={`lines.${i}.unitPrice` as never}
              label={t('line.unitPrice')}
              currency={currency}
              extraDigits={PRICE_DIGITS}
              error={errorOf(`lines.${i}.unitPrice`)}
              required
              testId="editor-unit-price"
            />
            <button
              type="button"
              className={rowButton}
              onClick={() => lines.remove(i)}
              disabled={lines.fields.length === 1}
              aria-label={t('line.remove', { n: i + 1 })}
            >
              ×
            </button>
          </div>
        ))}
        <button type="button" className={secondaryButton} onClick={() => lines.append(emptyLine as never)} data-testid="editor-add-line">
          {t('line.add')}
        </button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t('editor.taxes')}</legend>
        {taxes.fields.map((f, i) => (
          <div key={f.id} className="grid gap-2 rounded-control border border-line p-3 sm:grid-cols-[1fr_7rem_auto_auto] sm:items-end" data-testid="editor-tax">
            <TextField label={t('editor.taxName')} {...b(`taxes.${i}.name`)} required />
            <TextField label={t('editor.taxRate')} inputMode="decimal" {...b(`taxes.${i}.rate`)} required />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...form.register(`taxes.${i}.compound` as never)} />
              {t('editor.compound')}
            </label>
            <button type="button" className={rowButton} onClick={() => taxes.remove(i)} aria-label={t('editor.removeTax', { n: i + 1 })}>
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => taxes.append({ name: '', rate: '', compound: false } as never)}
          data-testid="editor-add-tax"
        >
          {t('editor.addTax')}
        </button>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame id={ids.discount} label={t('editor.discountKind')}>
          <Select
            id={ids.discount}
            value={watched.discount?.kind ?? ''}
            onChange={(v) =>
              form.setValue('discount' as never, (v ? { kind: v, value: v === watched.discount?.kind ? watched.discount.value : '' } : null) as never)
            }
            options={[
              { value: '', label: t('editor.discountNone') },
              { value: 'percent', label: t('editor.discountPercent') },
              { value: 'amount', label: t('editor.discountAmount') },
            ]}
          />
        </FieldFrame>
        {watched.discount?.kind === 'amount' && (
          <FormMoneyInput
            key="amount"
            control={form.control}
            name={'discount.value' as never}
            label={t('editor.discountValue')}
            currency={currency}
            error={errorOf('discount.value')}
          />
        )}
        {watched.discount?.kind === 'percent' && <TextField key="percent" label={t('editor.discountValue')} inputMode="decimal" {...b('discount.value')} />}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('terms')} {...b('terms')} />
        <TextField label={t('notes')} {...b('notes')} />
      </div>

      <section aria-live="polite" className="ml-auto max-w-sm rounded-control bg-surface-2 p-3 text-sm" data-testid="editor-preview">
        <h3 className="mb-1 font-semibold">{t('editor.preview')}</h3>
        {totals && (
          <dl>
            <div className="flex justify-between">
              <dt>{t('subtotal')}</dt>
              <dd className="tabular-nums">{money(totals.subtotal)}</dd>
            </div>
            {totals.discount > 0n && (
              <div className="flex justify-between">
                <dt>{t('discount')}</dt>
                <dd className="tabular-nums">−{money(totals.discount)}</dd>
              </div>
            )}
            {totals.taxes.map((amount, i) => (
              <div key={i} className="flex justify-between">
                <dt>{watched.taxes[i]?.name}</dt>
                <dd className="tabular-nums">{money(amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between font-semibold">
              <dt>{t('total')}</dt>
              <dd className="tabular-nums" data-testid="editor-total">
                {money(totals.total)}
              </dd>
            </div>
          </dl>
        )}
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="submit"
          className={secondaryButton}
          disabled={busy}
          onClick={() => form.setValue('send' as never, false as never)}
          data-testid="editor-save-draft"
        >
          {t('editor.saveDraft')}
        </button>
        <button
          type="submit"
          className={primaryButton}
          disabled={busy}
          onClick={() => form.setValue('send' as never, true as never)}
          data-testid="editor-save-send"
        >
          {t('editor.saveSend')}
        </button>
      </div>
    </form>
  );
  return <EditorWithPreview editor={editor} preview={<InvoicePreview values={{ ...previewValues(watched), id: invoice?.id ?? '' }} />} />;
}

import * as z from 'zod/mini';
import { isCrypto } from '../format/money';
import { field, form, maxLength, pattern, required, token, type Rule } from '../validation';
import { money } from '../validation/money';
import { accountValid, bicValid } from './bank';
import { PERCENT_DIGITS, PRICE_DIGITS, QUANTITY_DIGITS, parseScaled } from './money';

// Shared by the invoice editor, the pay page and the API: no server imports.

export const INVOICE_LIMITS = {
  lines: 100,
  taxes: 5,
  description: 200,
  taxName: 60,
  terms: 2000,
  notes: 2000,
  /** Largest quantity and unit price (whole part), far above any real invoice. */
  quantityMax: 1_000_000,
  priceMaxDigits: 15,
  proofBytes: 10 * 1024 * 1024,
  bankInstructions: 4000,
  legalName: 200,
  address: 400,
  taxId: 40,
  bankHolder: 140,
  bankName: 140,
} as const;
/** A crypto quote holds its rate this long. */
export const QUOTE_MINUTES = 15;
export const COINS = ['BTC', 'USDT'] as const;
export type Coin = (typeof COINS)[number];

/** A plain decimal ("12.5") with at most `digits` places, within [min, max]. */
function decimal(digits: number, options: { max?: number; positive?: boolean } = {}): Rule<'decimal'> {
  return {
    kind: 'decimal',
    test(value) {
      const text = String(value);
      const scaled = parseScaled(text, digits);
      if (scaled === null) return token('number');
      if (options.positive && scaled === 0n) return token('greaterThan', { min: 0 });
      if (options.max !== undefined && scaled > BigInt(options.max) * 10n ** BigInt(digits)) return token('numberMaxEq', { max: options.max });
      return undefined;
    },
  };
}

const currencies = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
/** Any ISO 4217 currency the runtime knows, or one of the crypto currencies. */
export function isCurrency(code: string): boolean {
  return isCrypto(code) || currencies.has(code) || code === 'CLF';
}
const currencyRule: Rule<'currency'> = { kind: 'currency', test: (v) => (isCurrency(String(v)) ? undefined : token('invalid')) };

const text = (max: number) => field([maxLength(max)], { text: 'multiline' });
const date = field([required(), pattern('dateYmd')]);
const bool = z._default(z.boolean({ error: token('invalid') }), false);

const line = form({
  description: field([required(), maxLength(INVOICE_LIMITS.description)]),
  quantity: field([required(), decimal(QUANTITY_DIGITS, { positive: true, max: INVOICE_LIMITS.quantityMax })]),
  unitPrice: field([required(), money({ extraDigits: PRICE_DIGITS, max: 10 ** INVOICE_LIMITS.priceMaxDigits - 1 })]),
});
const tax = form({
  name: field([required(), maxLength(INVOICE_LIMITS.taxName)]),
  rate: field([required(), decimal(PERCENT_DIGITS, { max: 100 })]),
  compound: bool,
});
const discount = form({
  kind: z.enum(['percent', 'amount'], { error: token('invalid') }),
  value: field([required(), money({ max: Number.MAX_SAFE_INTEGER })]),
});
const percentDiscount = form({ kind: z.literal('percent'), value: field([required(), decimal(PERCENT_DIGITS, { max: 100 })]) });

function list<T extends z.core.$ZodType>(item: T, max: number, min = 0) {
  return z.array(item, { error: token('invalid') }).check(z.minLength(min, { error: token('required') }), z.maxLength(max, { error: token('invalid') }));
}

const invoiceShape = {
  currency: field([required(), currencyRule], { text: 'line' }),
  issueDate: date,
  dueDate: date,
  terms: text(INVOICE_LIMITS.terms),
  notes: text(INVOICE_LIMITS.notes),
  lines: list(line, INVOICE_LIMITS.lines, 1),
  discount: z.optional(z.nullable(z.union([percentDiscount, discount]))),
  taxes: z._default(list(tax, INVOICE_LIMITS.taxes), []),
  recurrence: z._default(z.enum(['none', 'monthly', 'yearly'], { error: token('invalid') }), 'none'),
};

/** The due date may not come before the issue date (reported on the due date). */
function datesInOrder(value: { issueDate?: string; dueDate?: string }, ctx: z.core.$RefinementCtx) {
  if (value.issueDate && value.dueDate && value.dueDate < value.issueDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: token('invalid'), input: value.dueDate });
}

/** The editor's fields: what a draft holds. */
export const invoiceDraftSchema = form(invoiceShape).check(z.superRefine(datesInOrder));
/** A new invoice: for a project; `send` issues it at once instead of keeping a draft. */
export const invoiceCreateSchema = form({ ...invoiceShape, projectId: field([required(), pattern('uuid', 'invalid')], { lowercase: true }), send: bool }).check(
  z.superRefine(datesInOrder),
);

/**
 * The editor's current values, drawn as a PDF without saving; `id` names the draft being edited
 * (for its number). No line is needed yet: a new invoice shows its empty table at once.
 */
export const invoicePreviewSchema = form({
  ...invoiceShape,
  lines: list(line, INVOICE_LIMITS.lines),
  projectId: field([required(), pattern('uuid', 'invalid')], { lowercase: true }),
  id: field([pattern('uuid', 'invalid')], { lowercase: true }),
}).check(z.superRefine(datesInOrder));

export type InvoiceDraftInput = z.output<typeof invoiceDraftSchema>;
export type InvoicePreviewInput = z.output<typeof invoicePreviewSchema>;
export type InvoiceCreateInput = z.output<typeof invoiceCreateSchema>;

/** A payment root records by hand (cash, a transfer seen on the statement, ...). */
export const manualPaymentSchema = form({ amount: field([required(), money({ positive: true, max: Number.MAX_SAFE_INTEGER })]), note: text(500) });
/** Root's answer to a transfer proof. */
export const paymentDecisionSchema = form({ decision: z.enum(['confirm', 'reject'], { error: token('invalid') }), note: text(500) });
/** A crypto quote for part or all of what is due; `amount` in the invoice's minor units. */
export const cryptoQuoteSchema = form({
  coin: z.enum(COINS, { error: token('invalid') }),
  amount: field([required(), money({ positive: true, max: Number.MAX_SAFE_INTEGER })]),
});
/** The json part of a transfer: the amount sent (the proof travels as the `proof` file part). */
export const transferSchema = form({ amount: field([required(), money({ positive: true, max: Number.MAX_SAFE_INTEGER })]), note: text(500) });
/** The list's due filter: unpaid and past the due day, or due within the next days (the dashboard home's figures). */
export const DUE_FILTERS = ['overdue', 'soon'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const invoiceListSchema = form({
  status: z.optional(z.enum(['draft', 'sent', 'viewed', 'partial', 'paid', 'overdue', 'void', ''], { error: token('invalid') })),
  due: z.optional(z.enum([...DUE_FILTERS, ''], { error: token('invalid') })),
  projectId: z.optional(field([pattern('uuid', 'invalid')], { lowercase: true })),
});
const accountRule: Rule<'account'> = { kind: 'account', test: (v) => (accountValid(String(v)) ? undefined : token('invalid')) };
const bicRule: Rule<'bic'> = { kind: 'bic', test: (v) => (bicValid(String(v)) ? undefined : token('invalid')) };
/** Tax ids in any country's notation: letters, digits, spaces and the separators they use. */
const taxIdRule: Rule<'taxId'> = { kind: 'taxId', test: (v) => (/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u.test(String(v)) ? undefined : token('invalid')) };
/** A party as the PDF prints it: legal name, postal address (lines as typed) and tax id. */
const party = {
  legalName: field([maxLength(INVOICE_LIMITS.legalName)]),
  address: text(INVOICE_LIMITS.address),
  taxId: field([maxLength(INVOICE_LIMITS.taxId), taxIdRule]),
};

/** Root's settings. Empty secrets keep the stored ones (they are never sent back). */
export const invoiceSettingsSchema = form({
  bankInstructions: text(INVOICE_LIMITS.bankInstructions),
  issuerName: party.legalName,
  issuerAddress: party.address,
  issuerTaxId: party.taxId,
  bankHolder: field([maxLength(INVOICE_LIMITS.bankHolder)]),
  bankAccount: field([maxLength(42), accountRule]),
  bankBic: field([maxLength(14), bicRule]),
  bankName: field([maxLength(INVOICE_LIMITS.bankName)]),
  // The test processor is no choice here: it serves test invoices only (PAYMENTS_TEST, demo data).
  cryptoProvider: z.enum(['none', 'btcpay'], { error: token('invalid') }),
  btcpayUrl: field([maxLength(300), pattern('urlWParams')]),
  btcpayStoreId: field([maxLength(120), pattern('alphaNumeric')]),
  btcpayApiKey: field([maxLength(200)], { text: 'secret' }),
  btcpayWebhookSecret: field([maxLength(200)], { text: 'secret' }),
});

/** A billed project's legal details, kept by root. */
export const invoiceBillingSchema = form(party);
export type InvoiceBillingInput = z.output<typeof invoiceBillingSchema>;
export type BillingView = { legalName: string; address: string; taxId: string };

export type DisplayStatus = 'draft' | 'sent' | 'viewed' | 'partial' | 'paid' | 'overdue' | 'void';

/** How the pay page may take crypto for an invoice: the test processor (test invoices), BTCPay, or not at all. */
export type CryptoMethod = 'test' | 'btcpay' | null;

/** A payment as both sides see it (amounts as digit strings of minor units). */
export type PaymentView = {
  id: string;
  method: 'manual' | 'transfer' | 'crypto';
  status: 'pending' | 'confirmed' | 'rejected' | 'expired';
  amount: string;
  coin: string | null;
  coinAmount: string | null;
  rate: string | null;
  expiresAt: string | null;
  provider: string | null;
  providerStatus: string | null;
  checkoutUrl: string | null;
  proofName: string | null;
  note: string;
  createdAt: string;
  decidedAt: string | null;
};

export type InvoiceSummary = {
  id: string;
  number: string;
  /** A test invoice: only the test processor settles it, and every view labels it. */
  test: boolean;
  projectId: string;
  projectName: string;
  status: DisplayStatus;
  currency: string;
  issueDate: string;
  dueDate: string;
  total: string;
  paid: string;
  due: string;
  recurrence: 'none' | 'monthly' | 'yearly';
};

export type InvoiceView = InvoiceSummary & {
  terms: string;
  notes: string;
  lines: { description: string; quantity: string; unitPrice: string; amount: string }[];
  discount: { kind: 'percent' | 'amount'; value: string } | null;
  taxes: { name: string; rate: string; compound: boolean; amount: string }[];
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  sentAt: string | null;
  viewedAt: string | null;
  /** The day the next copy of a recurring invoice is issued. */
  nextIssueDate: string | null;
  payments: PaymentView[];
  /** What a pending transfer or open quote already holds back from "due". */
  pending: string;
};

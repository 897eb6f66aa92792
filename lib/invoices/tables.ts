import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import type { DiscountInput, LineInput, TaxInput } from './money';

export type InvoiceStatus = 'draft' | 'sent' | 'viewed' | 'partial' | 'paid' | 'void';
export type Recurrence = 'none' | 'monthly' | 'yearly';
/** The rounded figures stored with the invoice (minor units as digit strings). */
export type StoredBreakdown = { lines: string[]; taxes: string[] };

/** An invoice the platform issued to a project. Figures are computed once on the server and stored. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    currency: text('currency').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    terms: text('terms').notNull().default(''),
    notes: text('notes').notNull().default(''),
    lines: jsonb('lines').$type<LineInput[]>().notNull(),
    discount: jsonb('discount').$type<DiscountInput | null>(),
    taxes: jsonb('taxes').$type<TaxInput[]>().notNull().default([]),
    breakdown: jsonb('breakdown').$type<StoredBreakdown>().notNull(),
    subtotal: bigint('subtotal', { mode: 'bigint' }).notNull(),
    discountTotal: bigint('discount_total', { mode: 'bigint' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * A test invoice (issued while PAYMENTS_TEST was on, or demo data): labelled as such, and the
     * only kind the built-in test processor may settle. Fixed at creation, never changed.
     */
    test: boolean('test').notNull().default(false),
    recurrence: text('recurrence').$type<Recurrence>().notNull().default('none'),
    /** A recurring invoice's next issue date; the scheduler claims the row and moves it on. */
    nextIssueDate: date('next_issue_date'),
    /** The recurring invoice this one was issued from. */
    sourceId: uuid('source_id'),
    /** Reminders already sent, by name ('before', 'after'), so each goes once. */
    reminders: jsonb('reminders').$type<string[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_project_idx').on(t.projectId, t.createdAt),
    index('invoices_next_issue_idx').on(t.nextIssueDate),
    // The lists' order (newest issue first), for one project and for root's list of all.
    index('invoices_project_issue_idx').on(t.projectId, t.issueDate.desc(), t.number.desc()),
    index('invoices_issue_idx').on(t.issueDate.desc(), t.number.desc()),
    uniqueIndex('invoices_source_issue_key').on(t.sourceId, t.issueDate),
  ],
);

/** The last number given per year: `INV-2026-0001`, one sequence for the whole platform. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

export type PaymentMethod = 'manual' | 'transfer' | 'crypto';
export type PaymentStatus = 'pending' | 'confirmed' | 'rejected' | 'expired';
export type ProofFile = { key: string; name: string; type: string; size: number };

/**
 * A payment towards an invoice. `amount` is in the invoice's currency; a crypto payment also
 * records the coin amount and the rate locked until `expiresAt`.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    coin: text('coin'),
    coinAmount: bigint('coin_amount', { mode: 'bigint' }),
    rate: text('rate'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    /** The provider's last status word (New, Processing, Settled, ...) and flags, as it reported them. */
    providerStatus: text('provider_status'),
    checkoutUrl: text('checkout_url'),
    proof: jsonb('proof').$type<ProofFile | null>(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt), uniqueIndex('invoice_payments_provider_ref_key').on(t.provider, t.providerRef)],
);

/** Webhook deliveries already handled, by provider and delivery id: a replay finds its row and changes nothing. */
export const invoiceWebhookDeliveries = pgTable(
  'invoice_webhook_deliveries',
  {
    provider: text('provider').notNull(),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_webhook_deliveries_key').on(t.provider, t.deliveryId)],
);

/** How real invoices take crypto: not at all, or through BTCPay Server (test invoices always use the test processor). */
export type CryptoSetting = 'none' | 'btcpay';

/** Root's invoicing settings: one row (id 1). The BTCPay API key and webhook secret are write-only. */
export const invoiceSettings = pgTable('invoice_settings', {
  id: integer('id').primaryKey(),
  bankInstructions: text('bank_instructions').notNull().default(''),
  cryptoProvider: text('crypto_provider').$type<CryptoSetting>().notNull().default('none'),
  btcpayUrl: text('btcpay_url').notNull().default(''),
  btcpayStoreId: text('btcpay_store_id').notNull().default(''),
  btcpayApiKey: text('btcpay_api_key').notNull().default(''),
  btcpayWebhookSecret: text('btcpay_webhook_secret').notNull().default(''),
  /** The issuer as the PDF names it: the platform's legal name, postal address and tax id. */
  issuerName: text('issuer_name').notNull().default(''),
  issuerAddress: text('issuer_address').notNull().default(''),
  issuerTaxId: text('issuer_tax_id').notNull().default(''),
  /** The account transfers go to, printed on the PDF as the payment instructions. */
  bankHolder: text('bank_holder').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  bankBic: text('bank_bic').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The billed side of a project's invoices, kept by root: what the PDF prints under "Billed to". */
export const invoiceBilling = pgTable('invoice_billing', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Invoice = typeof invoices.$inferSelect;
export type InvoicePayment = typeof invoicePayments.$inferSelect;
export type InvoiceSettings = typeof invoiceSettings.$inferSelect;
export type InvoiceBilling = typeof invoiceBilling.$inferSelect;

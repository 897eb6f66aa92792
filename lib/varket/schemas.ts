import * as z from 'zod/mini';
import { parseScaled, PERCENT_DIGITS } from '../invoices/money';
import { isCurrency } from '../invoices/schemas';
import { emailField, field, form, maxLength, pattern, required, token, type Rule } from '../validation';
import { money as moneyRule } from '../validation/money';

// Shared by the dashboard's forms and the route handlers: no server imports.

export const VARKET_LIMITS = {
  name: 120,
  description: 2000,
  customerRef: 120,
  payoutDetails: 1000,
  /** Largest amount in minor units: far above any real plan, safe as a JS number. */
  amountMax: 1_000_000_000_000,
  plans: 500,
  sellers: 1000,
  /** Rows one CSV export may hold. */
  csvRows: 50_000,
} as const;

export const PLAN_INTERVALS = ['once', 'monthly', 'yearly'] as const;
export const PLAN_STATUSES = ['active', 'archived'] as const;
export const SELLER_STATUSES = ['invited', 'active', 'suspended'] as const;

const invalid = { error: token('invalid') };

/** A percentage between 0 and 100 with up to 4 decimals ("12.5"). */
const rateRule: Rule<'rate'> = {
  kind: 'rate',
  test(value) {
    const scaled = parseScaled(String(value), PERCENT_DIGITS);
    if (scaled === null) return token('number');
    if (scaled > 100n * 10n ** BigInt(PERCENT_DIGITS)) return token('numberMaxEq', { max: 100 });
    return undefined;
  },
};
const currencyRule: Rule<'currency'> = { kind: 'currency', test: (v) => (isCurrency(String(v)) ? undefined : token('invalid')) };
/** A whole number of minor units, 0 (or 1 when `positive`) up to the limit, as MoneyInput gives it. */
const money = (positive: boolean) => moneyRule({ positive, max: VARKET_LIMITS.amountMax });
const amount = (positive = false) => z.pipe(field([required(), money(positive)]), z.transform(Number));
const optionalText = (max: number) => z._default(field([maxLength(max)], { text: 'multiline' }), '');
const day = field([required(), pattern('dateYmd')]);
const uuid = field([required(), pattern('uuid', 'invalid')], { lowercase: true });

export const planSchema = form({
  name: field([required(), maxLength(VARKET_LIMITS.name)]),
  description: optionalText(VARKET_LIMITS.description),
  price: amount(),
  currency: field([required(), currencyRule], { lowercase: false }),
  interval: z.enum(PLAN_INTERVALS, invalid),
  status: z._default(z.enum(PLAN_STATUSES, invalid), 'active'),
});
export type PlanInput = z.output<typeof planSchema>;

const sellerFields = {
  name: field([required(), maxLength(VARKET_LIMITS.name)]),
  email: emailField(),
  status: z._default(z.enum(SELLER_STATUSES, invalid), 'invited'),
  // Empty: the project's default rate applies.
  commissionRate: z._default(z.nullable(field([rateRule])), null),
  nextPayoutOn: z._default(z.nullable(field([pattern('dateYmd')])), null),
};
/** Payout details are write-only; on an edit, absent keeps the stored ones and '' clears them. */
export const sellerSchema = form({ ...sellerFields, payoutDetails: z.optional(field([maxLength(VARKET_LIMITS.payoutDetails)], { text: 'multiline' })) });
export type SellerInput = z.output<typeof sellerSchema>;

export const settingsSchema = form({ defaultCommissionRate: field([required(), rateRule]) });
export type SettingsInput = z.output<typeof settingsSchema>;

export const saleSchema = form({
  planId: uuid,
  sellerId: uuid,
  customerRef: field([required(), maxLength(VARKET_LIMITS.customerRef)]),
  gross: amount(true),
  soldOn: day,
});
export type SaleInput = z.output<typeof saleSchema>;

/** A refund of part or all of what is left of a sale; absent means all of it. */
export const refundSchema = form({
  amount: z.optional(z.nullable(amount(true))),
  refundedOn: day,
});
export type RefundInput = z.output<typeof refundSchema>;

/** The sales list and totals: a month ("2026-05") or a range of months, optionally one seller. */
const monthRule: Rule<'month'> = { kind: 'month', test: (v) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(String(v)) ? undefined : token('invalid')) };
const month = field([required(), monthRule]);
export const periodSchema = form({
  from: month,
  to: month,
  sellerId: z.optional(field([pattern('uuid', 'invalid')], { lowercase: true })),
});
export type PeriodInput = z.output<typeof periodSchema>;

export type PlanView = {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  interval: (typeof PLAN_INTERVALS)[number];
  status: (typeof PLAN_STATUSES)[number];
  sales: number;
};

/** No payout details here, ever: only whether some are on file. */
export type SellerView = {
  id: string;
  name: string;
  email: string;
  member: boolean;
  status: (typeof SELLER_STATUSES)[number];
  commissionRate: string | null;
  effectiveRate: string;
  hasPayoutDetails: boolean;
  nextPayoutOn: string | null;
};

export type SaleView = {
  id: string;
  planId: string;
  planName: string;
  sellerId: string;
  sellerName: string;
  customerRef: string;
  currency: string;
  gross: number;
  refunded: number;
  rate: string;
  commission: number;
  net: number;
  soldOn: string;
  refundedOn: string | null;
};

/** One seller's figures for one month in one currency. */
export type TotalsRow = {
  sellerId: string;
  sellerName: string;
  month: string;
  currency: string;
  sales: number;
  gross: number;
  refunds: number;
  commission: number;
  net: number;
};

// The dashboard's forms hold amounts as MoneyInput gives them (minor units as text), sent as they are.
export const planFormSchema = form({ ...planSchema.shape, price: field([required(), money(false)]) });
export const saleFormSchema = form({ ...saleSchema.shape, gross: field([required(), money(true)]) });
export const refundFormSchema = form({ amount: field([money(true)]), refundedOn: day });

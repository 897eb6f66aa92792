import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

export type PlanInterval = 'once' | 'monthly' | 'yearly';
export type SellerStatus = 'invited' | 'active' | 'suspended';

/** The plans a project sells; an archived plan keeps its past sales but takes no new ones. */
export const varketPlans = pgTable(
  'varket_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').$type<PlanInterval>().notNull(),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('varket_plans_project_name_key').on(t.projectId, t.name)],
);

/**
 * A person selling on commission. `userId` links a project member (matched by email) so they
 * can see their own sales; `commissionRate` null means the project's default. The payout
 * details are write-only: no API answer ever carries them.
 */
export const varketSellers = pgTable(
  'varket_sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<SellerStatus>().notNull().default('invited'),
    commissionRate: text('commission_rate'),
    payoutDetails: text('payout_details').notNull().default(''),
    nextPayoutOn: date('next_payout_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('varket_sellers_project_email_key').on(t.projectId, t.email), index('varket_sellers_user_idx').on(t.userId)],
);

/** The project's default commission (a percentage with up to 4 decimals, as text). */
export const varketSettings = pgTable('varket_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  defaultCommissionRate: text('default_commission_rate').notNull().default('10'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A recorded sale. The rate in force is copied onto the sale, so a later change of the
 * seller's rate never rewrites history; commission and net are computed once by the server
 * (commission.ts) and stored. `soldOn` is a calendar day in the project's time zone.
 */
export const varketSales = pgTable(
  'varket_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => varketPlans.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => varketSellers.id, { onDelete: 'restrict' }),
    customerRef: text('customer_ref').notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    rate: text('rate').notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    soldOn: date('sold_on').notNull(),
    refundedOn: date('refunded_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('varket_sales_project_sold_idx').on(t.projectId, t.soldOn), index('varket_sales_seller_idx').on(t.sellerId)],
);

export type VarketPlan = typeof varketPlans.$inferSelect;
export type VarketSeller = typeof varketSellers.$inferSelect;
export type VarketSale = typeof varketSales.$inferSelect;

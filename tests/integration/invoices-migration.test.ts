import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { removeMigrationCopies, withOlderDatabase } from './helpers/migrations';

// 0018: every invoice issued before it is real, so what the test processor "paid" on them was
// never money. Its quotes expire, its settled payments are rejected, and the invoices' figures
// follow the payments that remain; the crypto setting "test" becomes "none".

afterAll(removeMigrationCopies);

describe('0018: the test processor on real invoices', () => {
  it('rejects its payments, reopens what they settled, keeps real payments, and switches crypto off', async () => {
    await withOlderDatabase('0017_requests_activity', async ({ db, one, migrateRest }) => {
      const project = await one(sql`insert into projects (key, name) values ('mig-inv', 'Inv') returning id`);
      const invoice = (number: string, status: string, paid: number, viewed: boolean) =>
        one(sql`insert into invoices (project_id, number, status, currency, issue_date, due_date, lines, breakdown, subtotal, discount_total, tax_total, total, paid, viewed_at, paid_at)
          values (${project.id}, ${number}, ${status}, 'USD', '2026-01-01', '2099-01-01', '[]', '{"lines":[],"taxes":[]}', 10000, 0, 0, 10000, ${paid},
            ${viewed ? sql`now()` : null}, ${status === 'paid' ? sql`now()` : null}) returning id`);
      const payment = (invoiceId: unknown, status: string, amount: number, provider: string | null) =>
        one(sql`insert into invoice_payments (invoice_id, project_id, method, status, amount, provider, provider_ref)
          values (${invoiceId}, ${project.id}, ${provider ? 'crypto' : 'manual'}, ${status}, ${amount}, ${provider}, ${provider ? crypto.randomUUID() : null}) returning id`);
      // Paid in full by the hole; half by root and half by the hole; honestly paid by root; an open test quote.
      const faked = await invoice('M-1', 'paid', 10000, true);
      await payment(faked.id, 'confirmed', 10000, 'test');
      const mixed = await invoice('M-2', 'paid', 10000, false);
      await payment(mixed.id, 'confirmed', 4000, null);
      await payment(mixed.id, 'confirmed', 6000, 'test');
      const honest = await invoice('M-3', 'paid', 10000, true);
      await payment(honest.id, 'confirmed', 10000, null);
      const quoted = await invoice('M-4', 'viewed', 0, true);
      const open = await payment(quoted.id, 'pending', 10000, 'test');
      await db.execute(sql`insert into invoice_settings (id, crypto_provider) values (1, 'test')`);

      await migrateRest();

      const rows = (await db.execute(sql`select number, status, paid::int as paid, paid_at is not null as "paidAt", test from invoices order by number`)).rows;
      expect(rows).toEqual([
        { number: 'M-1', status: 'viewed', paid: 0, paidAt: false, test: false },
        { number: 'M-2', status: 'partial', paid: 4000, paidAt: false, test: false },
        { number: 'M-3', status: 'paid', paid: 10000, paidAt: true, test: false },
        { number: 'M-4', status: 'viewed', paid: 0, paidAt: false, test: false },
      ]);
      const tested = (await db.execute(sql`select distinct status from invoice_payments where provider = 'test' and id <> ${open.id}`)).rows;
      expect(tested).toEqual([{ status: 'rejected' }]);
      expect(await one(sql`select status from invoice_payments where id = ${open.id}`)).toEqual({ status: 'expired' });
      expect(await one(sql`select crypto_provider from invoice_settings`)).toEqual({ crypto_provider: 'none' });
      const fresh = await one(
        sql`select column_default from information_schema.columns where table_name = 'invoice_settings' and column_name = 'crypto_provider'`,
      );
      expect(String(fresh.column_default)).toMatch(/'none'/);
    });
  });
});

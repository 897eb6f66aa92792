import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { PlanView, SaleView, SellerView, TotalsRow } from './schemas';

// The active project's marketplace in the browser's query cache.

export const varketKeys = {
  all: ['varket'] as const,
  plans: () => [...varketKeys.all, 'plans'] as const,
  sellers: () => [...varketKeys.all, 'sellers'] as const,
  settings: () => [...varketKeys.all, 'settings'] as const,
  sales: (month: string, sellerId: string) => [...varketKeys.all, 'sales', month, sellerId] as const,
  totals: (month: string, sellerId: string) => [...varketKeys.all, 'totals', month, sellerId] as const,
  mine: (month: string) => [...varketKeys.all, 'mine', month] as const,
};

/** The query string of one month, optionally one seller. */
export const periodQuery = (month: string, sellerId = '') => `from=${month}&to=${month}${sellerId ? `&sellerId=${sellerId}` : ''}`;

export const plansQuery = () =>
  queryOptions({ queryKey: varketKeys.plans(), queryFn: async (ctx) => (await getJson<{ plans: PlanView[] }>('varket/plans')(ctx)).plans });

export const sellersQuery = () =>
  queryOptions({ queryKey: varketKeys.sellers(), queryFn: async (ctx) => (await getJson<{ sellers: SellerView[] }>('varket/sellers')(ctx)).sellers });

export const settingsQuery = () =>
  queryOptions({
    queryKey: varketKeys.settings(),
    queryFn: async (ctx) => (await getJson<{ settings: { defaultCommissionRate: string } }>('varket/settings')(ctx)).settings,
  });

export const salesQuery = (month: string, sellerId: string) =>
  queryOptions({
    queryKey: varketKeys.sales(month, sellerId),
    queryFn: async (ctx) => (await getJson<{ sales: SaleView[] }>(`varket/sales?${periodQuery(month, sellerId)}`)(ctx)).sales,
  });

export const totalsQuery = (month: string, sellerId: string) =>
  queryOptions({
    queryKey: varketKeys.totals(month, sellerId),
    queryFn: async (ctx) => (await getJson<{ totals: TotalsRow[] }>(`varket/sales/totals?${periodQuery(month, sellerId)}`)(ctx)).totals,
  });

export const mySalesQuery = (month: string) =>
  queryOptions({
    queryKey: varketKeys.mine(month),
    queryFn: async (ctx) => getJson<{ sales: SaleView[]; totals: TotalsRow[] }>(`varket/mySales?${periodQuery(month)}`)(ctx),
  });

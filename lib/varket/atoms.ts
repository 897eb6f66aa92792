import { atom } from 'jotai';

// The sales page's filters: which month ("YYYY-MM", '' until the page sets the project's
// current month) and which seller ('' for all). Client state, kept while moving between pages.
export const salesMonthAtom = atom('');
export const salesSellerAtom = atom('');

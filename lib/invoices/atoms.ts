import { atom } from 'jotai';

// Client state of the invoice pages (server data lives in the query cache, not here).

/** The status the project's list is filtered by ('' for all). */
export const invoiceStatusFilterAtom = atom('');
/** The status root's list is filtered by. */
export const rootInvoiceStatusFilterAtom = atom('');
/** How the pay page pays: crypto or transfer. */
export const payMethodAtom = atom<'crypto' | 'transfer'>('crypto');
/** Below 1024 px the invoice editor and its PDF preview share the space: which one shows. */
export const invoiceEditorTabAtom = atom<'edit' | 'preview'>('edit');

import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { ListParams } from './queries';

// The staff list's filters: client state, kept while moving between the list and a request.

export const DEFAULT_LIST: ListParams = { view: 'all', status: '', priority: '', tag: '', q: '', sort: 'updated', dir: 'desc', page: 1, size: 20 };
export const listParamsAtom = atom<ListParams>(DEFAULT_LIST);
/** The thread composer's mode on the staff side: a public reply or an internal note. */
export const composerModeAtom = atom<'reply' | 'note'>('reply');

/** The filters a person last chose (not the search or the page), kept in this browser between visits. */
export type SavedFilters = Pick<ListParams, 'view' | 'status' | 'priority' | 'tag' | 'sort' | 'dir'>;
export const savedFiltersAtom = atomWithStorage<Partial<SavedFilters>>('atrio.requests.filters', {});

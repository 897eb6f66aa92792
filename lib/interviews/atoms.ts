import { atom } from 'jotai';

/** Below 1024 px the questions page shows either the editor or the respondent's preview; wider screens show both. */
export const interviewPreviewTabAtom = atom<'edit' | 'preview'>('edit');

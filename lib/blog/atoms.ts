import { atom } from 'jotai';

/** On narrow screens the editor shows either the Markdown or its preview; wide ones show both. */
export const blogPreviewTabAtom = atom<'write' | 'preview'>('write');

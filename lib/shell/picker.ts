import { landingPath } from '../routes/guard';
import { useAtomValue } from 'jotai';
import { boundAtom } from './atoms';

export type PickerRequest = {
  open: boolean;
  /** Where to go after choosing (the guard's `redir`), only ever a path of this site. */
  redir: string | null;
  /** A project to preselect instead of the current one ("Switch to"). */
  projectId: string | null;
  /** Bumped on every open, so the dialog reloads its list even when it was already open. */
  seq: number;
};

const closed: PickerRequest = { open: false, redir: null, projectId: null, seq: 0 };

/** The one project/profile picker of the dashboard shell. */
export const picker = boundAtom<PickerRequest>(closed);

export function openPicker(options: { redir?: string | null; projectId?: string | null } = {}): void {
  picker.set((prev) => ({ open: true, redir: landingPath(options.redir), projectId: options.projectId ?? null, seq: prev.seq + 1 }));
}

export function closePicker(): void {
  picker.set((prev) => ({ ...closed, seq: prev.seq }));
}

export function usePicker(): PickerRequest {
  return useAtomValue(picker.atom);
}

'use client';

import { useId, type ReactNode } from 'react';
import { FieldError, wiring } from '@/lib/forms/fields';
import { FileInput } from './FileInput';
import { imageProblem } from './image-problem';
import { useImagePreview } from './use-image-preview';

type Props = {
  label: string;
  hint: string;
  /** The types the input offers and takes; the server checks the content too. */
  types: readonly string[];
  maxBytes: number;
  /** What to tell the user about a picked file of another type, or one over `maxBytes`. */
  problems: { type: string; tooLarge: string };
  /** The file the parent holds, if any; a refused pick never reaches `onPick`. */
  file: File | null;
  onPick: (file: File | null) => void;
  /** The server's refusal of the last file sent. */
  error?: string;
  /** The picture beside the input, given the picked file's preview URL (null when none is picked). */
  picture: (preview: string | null) => ReactNode;
  inputTestId?: string;
  /** Actions under the hint (undo, remove). */
  children?: ReactNode;
};

/** A picture beside its file input, with the hint, actions and error under the input: the avatar's and the logo's picker. */
export function ImagePicker({ label, hint, types, maxBytes, problems, file, onPick, error, picture, inputTestId, children }: Props) {
  const id = useId();
  const { preview, problem, pick } = useImagePreview(file, onPick, (picked) => {
    const why = imageProblem(picked, types, maxBytes);
    return why ? problems[why] : null;
  });
  const shownError = problem ?? error;

  return (
    <div className="flex items-center gap-4">
      {picture(preview)}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <FileInput
          {...wiring(id, { hint, error: shownError ?? undefined })}
          accept={types.join(',')}
          chosen={file ? [file.name] : []}
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid={inputTestId}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
        {children}
        <FieldError id={`${id}-error`} message={shownError ?? undefined} />
      </div>
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';

/**
 * The state of an image file input whose file the parent holds: the picked file's preview
 * (read as a data: URL), and the problem with the last pick.
 * `problemOf` says why a file cannot be used (a message for the user), or null; a refused
 * file is cleared from the input and never reaches `onPick`.
 */
export function useImagePreview(file: File | null, onPick: (file: File | null) => void, problemOf: (file: File) => string | null) {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A data: URL rather than an object URL: nothing to revoke, so no effect cleanup can pull
  // the picture from under an image still showing it.
  const preview = file && read?.file === file ? read.url : null;

  useEffect(() => {
    if (!file) return;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => live && typeof reader.result === 'string' && setRead({ file, url: reader.result });
    reader.readAsDataURL(file);
    return () => {
      live = false;
      reader.abort();
    };
  }, [file]);
  // A refused or dropped file leaves the input too: FileInput empties it when `file` is null.
  const pick = (picked: File | undefined) => {
    if (!picked) return onPick(null);
    const why = problemOf(picked);
    setProblem(why);
    onPick(why ? null : picked);
  };

  return { preview, problem, pick };
}

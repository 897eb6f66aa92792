'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * The state of an image file input whose file the parent holds: the picked file's preview
 * (an object URL, revoked when the file changes), and the problem with the last pick.
 * `problemOf` says why a file cannot be used (a message for the user), or null; a refused
 * file is cleared from the input and never reaches `onPick`.
 */
export function useImagePreview(file: File | null, onPick: (file: File | null) => void, problemOf: (file: File) => string | null) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // The parent dropped the file (undo, save, discard): the input must not still show its name.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const pick = (picked: File | undefined) => {
    if (!picked) return onPick(null);
    const why = problemOf(picked);
    setProblem(why);
    if (why && input.current) input.current.value = '';
    onPick(why ? null : picked);
  };

  return { input, preview, problem, pick };
}

/** Why a picked file cannot be taken before uploading it: another type, or too large; null when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>, types: readonly string[], maxBytes: number): 'type' | 'tooLarge' | null {
  if (!types.includes(file.type)) return 'type';
  return file.size > maxBytes ? 'tooLarge' : null;
}

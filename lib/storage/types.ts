export type StoredFile = { bytes: Uint8Array; contentType: string };
export type ListedFile = { key: string; modified: Date };

/**
 * Where uploaded files live. Keys are relative, slash-separated paths (see keys.ts);
 * files under `public/` are served to anyone by /api/files, everything else only by code.
 */
export interface Storage {
  /** Writes or replaces the file at `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key starting with `prefix` and when it was last written, for the start-up sweep.
   * Only the bucket has it: the sweep walks the local folder itself, temporary files and all.
   */
  list?(prefix: string): AsyncIterable<ListedFile>;
}

import { detectFileType } from '@/lib/projects/files';
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX } from '@/lib/projects/limits';

/** Why a picked file was left out: a message key of `requestProject` and the file's name. */
export type FileProblem = { key: 'filesTooMany' | 'fileTooLarge' | 'fileType' | 'fileUnreadable'; name: string };

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds picked files to the list, leaving out what the server would refuse, by the same
 * rules and the same content check: better said now than after a 50 MB upload.
 */
export async function addFiles(current: File[], picked: File[]): Promise<{ files: File[]; problems: FileProblem[] }> {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of picked) {
    if (files.some((f) => sameFile(f, file))) continue;
    if (files.length >= PROJECT_FILES_MAX) problems.push({ key: 'filesTooMany', name: file.name });
    else if (file.size > PROJECT_FILE_MAX_BYTES) problems.push({ key: 'fileTooLarge', name: file.name });
    else {
      let type: string | null;
      try {
        type = detectFileType(new Uint8Array(await file.arrayBuffer()), file.name);
      } catch {
        problems.push({ key: 'fileUnreadable', name: file.name });
        continue;
      }
      if (type) files.push(file);
      else problems.push({ key: 'fileType', name: file.name });
    }
  }
  return { files, problems };
}

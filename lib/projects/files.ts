// What an uploaded file really is, read from its bytes. The browser's type and the file's
// name are the sender's claims; only the content decides. Pure, so the request form runs
// the same check before uploading.

export const OOXML_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/** Every type detectFileType can answer. */
export const PROJECT_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  OOXML_TYPES.docx,
  OOXML_TYPES.xlsx,
  OOXML_TYPES.pptx,
  'text/plain',
  'text/csv',
  'text/markdown',
] as const;
export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number];

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_ZIP_COMMENT = 0xffff;

/**
 * The entry names of a zip, read from its central directory (what unzip tools trust),
 * or null when the archive is not well formed. Zip64 archives are refused: a 10 MB
 * document never needs one.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const floor = Math.max(0, bytes.length - EOCD_SIZE - MAX_ZIP_COMMENT);
  let end = -1;
  for (let i = bytes.length - EOCD_SIZE; i >= floor; i--) {
    if (u32(bytes, i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(bytes, end + 10);
  const size = u32(bytes, end + 12);
  const offset = u32(bytes, end + 16);
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) return null;
  const decoder = new TextDecoder();
  const names: string[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || u32(bytes, at) !== CENTRAL_ENTRY) return null;
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (next > end) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  return names;
}

/** An Office Open XML package (docx, xlsx, pptx): a zip with `[Content_Types].xml` and its main part. */
function officeType(bytes: Uint8Array): ProjectFileType | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const names = zipEntryNames(bytes);
  if (!names?.includes('[Content_Types].xml')) return null;
  const has = (prefix: string) => names.some((name) => name.startsWith(prefix));
  if (has('word/')) return OOXML_TYPES.docx;
  if (has('xl/')) return OOXML_TYPES.xlsx;
  if (has('ppt/')) return OOXML_TYPES.pptx;
  return null;
}

/** Valid UTF-8 without NUL bytes: what a text editor would open as text. */
function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an uploaded file by its content, or null when it is not one we accept: PDF,
 * PNG, JPEG, WebP, GIF, docx/xlsx/pptx, or UTF-8 text. For text, and only there, the name
 * picks the subtype (csv, markdown): any text is harmless whatever it is called.
 */
export function detectFileType(bytes: Uint8Array, name = ''): ProjectFileType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  const office = officeType(bytes);
  if (office) return office;
  if (!isUtf8Text(bytes)) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'text/csv';
  if (extension === 'md' || extension === 'markdown') return 'text/markdown';
  return 'text/plain';
}

const MAX_NAME = 200;

/**
 * A file name fit to store and show: no folders (some browsers send a path), no control
 * characters, at most 200 characters, never empty.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // Control characters, and the bidi overrides that can make a name show a false extension.
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return Array.from(clean).slice(0, MAX_NAME).join('') || 'file';
}

import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

// What a PDF says, read back from its bytes: every content stream inflated, and the text of its
// show-text operators (pdf-lib writes standard-font text as WinAnsi hex strings). Close enough
// to Latin-1 for the names, figures and labels the tests look for.

const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;

function hexText(hex: string): string {
  const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  return [...bytes].map((b) => (b === 0x80 ? '€' : String.fromCharCode(b))).join('');
}

/** Every stream of the file, inflated where it was compressed. */
export function pdfContents(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...raw.matchAll(STREAM)].map((match) => {
    try {
      return inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      return match[1];
    }
  });
}

/** The text of each content stream that draws any, in file order (one per page with pdf-lib). */
export function pdfStreams(bytes: Uint8Array): string[] {
  const texts: string[] = [];
  for (const content of pdfContents(bytes)) {
    const shown = [...content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)].map((m) => hexText(m[1]));
    if (shown.length) texts.push(shown.join('\n'));
  }
  return texts;
}

export async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

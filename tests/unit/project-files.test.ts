import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OOXML_TYPES, cleanFileName, detectFileType, zipEntryNames } from '@/lib/projects/files';
import { suggestKey } from '@/lib/projects/schemas';
import { windowsExe } from '../fixtures/files';

/** A zip as Office and zip tools write it: deflated entries, local headers, central directory, end record. */
function zip(entries: Record<string, string>, comment = ''): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const fileName = Buffer.from(name);
    const header = (size: number, signature: number) => {
      const h = Buffer.alloc(size);
      h.writeUInt32LE(signature, 0);
      return h;
    };
    const local = header(30, 0x04034b50);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = header(46, 0x02014b50);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(raw), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...parts, directory, end, Buffer.from(comment)]);
}

const TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const RELS = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const office = (main: string) => zip({ '[Content_Types].xml': TYPES, '_rels/.rels': RELS, [main]: '<?xml version="1.0"?><x/>', 'docProps/core.xml': '<x/>' });

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('detectFileType', () => {
  it('knows PDF, PNG, JPEG, WebP and GIF by their signatures, whatever the name says', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } });
    expect(detectFileType(PDF, 'report.txt')).toBe('application/pdf');
    expect(detectFileType(await image.clone().png().toBuffer(), 'photo.jpg')).toBe('image/png');
    expect(detectFileType(await image.clone().jpeg().toBuffer(), 'photo.png')).toBe('image/jpeg');
    expect(detectFileType(await image.clone().webp().toBuffer())).toBe('image/webp');
    expect(detectFileType(await image.clone().gif().toBuffer())).toBe('image/gif');
  });

  it('tells docx, xlsx and pptx apart by the package parts', () => {
    expect(detectFileType(office('word/document.xml'), 'a.zip')).toBe(OOXML_TYPES.docx);
    expect(detectFileType(office('xl/workbook.xml'))).toBe(OOXML_TYPES.xlsx);
    expect(detectFileType(office('ppt/presentation.xml'))).toBe(OOXML_TYPES.pptx);
    // The end record is found behind an archive comment too.
    expect(detectFileType(zip({ '[Content_Types].xml': TYPES, 'word/document.xml': '<x/>' }, 'made by a tool'))).toBe(OOXML_TYPES.docx);
  });

  it('refuses other zips: no content types part, no Office main part, or a broken directory', () => {
    expect(detectFileType(zip({ 'word/document.xml': '<x/>', 'readme.txt': 'hi' }), 'report.docx')).toBeNull();
    expect(detectFileType(zip({ '[Content_Types].xml': TYPES, 'payload/run.js': 'alert(1)' }), 'report.docx')).toBeNull();
    const docx = office('word/document.xml');
    expect(detectFileType(docx.subarray(0, docx.length - 30), 'report.docx')).toBeNull();
    const lying = Buffer.from(docx);
    lying.writeUInt16LE(40, lying.length - 12); // more entries than the directory holds
    expect(detectFileType(lying)).toBeNull();
  });

  it('refuses an executable renamed to .pdf, and any binary', () => {
    expect(detectFileType(windowsExe(), 'invoice.pdf')).toBeNull();
    expect(detectFileType(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'notes.txt')).toBeNull();
  });

  it('takes valid UTF-8 without NUL bytes as text; the name picks csv or markdown', () => {
    const text = Buffer.from('Año,niño,€\n1,2,3\n');
    expect(detectFileType(text, 'data.csv')).toBe('text/csv');
    expect(detectFileType(text, 'README.MD')).toBe('text/markdown');
    expect(detectFileType(text, 'notes.txt')).toBe('text/plain');
    expect(detectFileType(text, 'disguised.pdf')).toBe('text/plain');
    expect(detectFileType(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]), 'bom.txt')).toBe('text/plain');
  });

  it('refuses text that is not UTF-8, holds a NUL byte, or is empty', () => {
    expect(detectFileType(Buffer.from('caf\xe9 latin-1', 'latin1'), 'a.txt')).toBeNull();
    expect(detectFileType(Buffer.from('\ufeffhello', 'utf16le'), 'a.txt')).toBeNull();
    expect(detectFileType(Buffer.from('hello\0world'), 'a.txt')).toBeNull();
    // A multi-byte character cut in half at the end.
    expect(detectFileType(Buffer.from('niño').subarray(0, 3), 'a.txt')).toBeNull();
    expect(detectFileType(new Uint8Array(0), 'a.txt')).toBeNull();
  });
});

describe('zipEntryNames', () => {
  it('lists the names from the central directory', () => {
    expect(zipEntryNames(zip({ 'a.txt': 'x', 'dir/b.xml': 'y' }))).toEqual(['a.txt', 'dir/b.xml']);
    expect(zipEntryNames(PDF)).toBeNull();
  });
});

describe('cleanFileName', () => {
  it('keeps the base name only, without control or direction characters', () => {
    expect(cleanFileName('C:\\fakepath\\Plan 2026.pdf')).toBe('Plan 2026.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('in\u202Efdp.exe')).toBe('infdp.exe');
    expect(cleanFileName('a\nb\u0000.txt')).toBe('ab.txt');
  });

  it('is never empty and at most 200 characters', () => {
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('folder/')).toBe('file');
    expect(Array.from(cleanFileName('ñ'.repeat(300) + '.pdf'))).toHaveLength(200);
  });
});

describe('suggestKey', () => {
  it('turns a name into a key: accents dropped, one hyphen between words, no hyphen at the ends', () => {
    expect(suggestKey('  Café Ñandú & Co.  ')).toBe('cafe-nandu-co');
    expect(suggestKey('ACME: Tools (2026)')).toBe('acme-tools-2026');
    expect(suggestKey('¿?')).toBe('');
  });

  it('cuts to 32 characters without leaving a hyphen at the end', () => {
    // The 32nd character is the hyphen after "echos".
    expect(suggestKey('Alpha Bravo Charlie Delta Echos Foxtrot')).toBe('alpha-bravo-charlie-delta-echos');
    expect(suggestKey('Alpha Bravo Charlie Delta Echoes Foxtrot')).toBe('alpha-bravo-charlie-delta-echoes');
  });
});

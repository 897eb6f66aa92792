// A QR Code (model 2) encoder for the invoice PDF's crypto payment URI: byte mode, error
// correction level M, versions 1–10 (up to 213 bytes, far more than a URI needs), mask 0.
// Written here because no QR library is among the dependencies; it follows ISO/IEC 18004
// closely enough for any phone camera, and tests/unit/invoices-qr.test.ts checks the parts a
// scanner relies on (the Reed–Solomon codewords, the format bits, the finder patterns).

/** Data codewords of each block, per version (level M). */
const BLOCKS: readonly (readonly number[])[] = [
  [],
  [16],
  [28],
  [44],
  [32, 32],
  [43, 43],
  [27, 27, 27, 27],
  [31, 31, 31, 31],
  [38, 38, 39, 39],
  [36, 36, 36, 37, 37],
  [43, 43, 43, 43, 44],
];
/** Error correction codewords per block, per version (level M). */
const EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
/** Centres of the alignment patterns, per version. */
const ALIGNMENT: readonly (readonly number[])[] = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];
const MAX_VERSION = 10;
const MASK = 0;
/** Level M's two format bits. */
const EC_LEVEL_M = 0b00;

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** The generator polynomial of the given degree (its leading 1 left out). */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      result[j] = gfMul(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

/** The Reed–Solomon error correction codewords of a block. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i] ^= gfMul(coefficient, factor)));
  }
  return result;
}

const countBits = (version: number) => (version < 10 ? 8 : 16);
const dataCapacity = (version: number) => BLOCKS[version].reduce((a, b) => a + b, 0);

/** The smallest version that holds `length` bytes, or null past version 10. */
export function versionFor(length: number): number | null {
  for (let v = 1; v <= MAX_VERSION; v += 1) if (4 + countBits(v) + 8 * length <= dataCapacity(v) * 8) return v;
  return null;
}

/** Mode, count, bytes, terminator and padding, as data codewords. */
function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, countBits(version));
  for (const b of bytes) push(b, 8);
  const capacity = dataCapacity(version) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; words.length < capacity / 8; pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** Data and error correction codewords, interleaved across the blocks as the standard orders them. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const data = dataCodewords(bytes, version);
  const ecLength = EC_PER_BLOCK[version];
  const blocks: number[][] = [];
  let at = 0;
  for (const size of BLOCKS[version]) {
    blocks.push(data.slice(at, at + size));
    at += size;
  }
  const ecs = blocks.map((b) => rsRemainder(b, ecLength));
  const out: number[] = [];
  for (let i = 0; i < Math.max(...blocks.map((b) => b.length)); i += 1) for (const b of blocks) if (i < b.length) out.push(b[i]);
  for (let i = 0; i < ecLength; i += 1) for (const ec of ecs) out.push(ec[i]);
  return out;
}

/** The 15 format bits: level, mask, their BCH code, XORed with the standard's mask. */
export function formatBits(mask = MASK): number {
  const data = (EC_LEVEL_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const bit = (value: number, i: number) => ((value >>> i) & 1) === 1;

/** The QR code of `text` (UTF-8) as rows of dark (true) and light modules, without the quiet zone. */
export function qrMatrix(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length);
  if (version === null) throw new RangeError(`Too long for a QR code of version ${MAX_VERSION}: ${bytes.length} bytes`);
  const size = version * 4 + 17;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    dark[y][x] = on;
    fixed[y][x] = true;
  };

  for (let i = 0; i < size; i += 1) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy += 1)
      for (let dx = -4; dx <= 4; dx += 1) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4);
      }
  }
  const centres = ALIGNMENT[version];
  const last = centres.length - 1;
  centres.forEach((cx, i) =>
    centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) for (let dx = -2; dx <= 2; dx += 1) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  const format = formatBits();
  for (let i = 0; i <= 5; i += 1) set(8, i, bit(format, i));
  set(8, 7, bit(format, 6));
  set(8, 8, bit(format, 7));
  set(7, 8, bit(format, 8));
  for (let i = 9; i < 15; i += 1) set(14 - i, 8, bit(format, i));
  for (let i = 0; i < 8; i += 1) set(size - 1 - i, 8, bit(format, i));
  for (let i = 8; i < 15; i += 1) set(8, size - 15 + i, bit(format, i));
  set(8, size - 8, true);
  if (version >= 7) {
    const v = versionBits(version);
    for (let i = 0; i < 18; i += 1) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, bit(v, i));
      set(b, a, bit(v, i));
    }
  }

  // The codewords zigzag up and down two-module columns from the right, around the fixed parts.
  const words = codewords(bytes, version);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert += 1) {
      for (let j = 0; j < 2; j += 1) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (fixed[y][x]) continue;
        if (i < words.length * 8) dark[y][x] = bit(words[i >>> 3], 7 - (i & 7));
        i += 1;
        // Mask 0: every module where (x + y) is even is inverted.
        if ((x + y) % 2 === 0) dark[y][x] = !dark[y][x];
      }
    }
  }
  return dark;
}

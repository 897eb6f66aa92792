// Writes public/sfx/chime.wav, the notification sound: two soft bell tones (E5 then A5),
// 16-bit mono PCM. Regenerate with `npx tsx scripts/make-chime.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 22_050;
const SECONDS = 0.75;
const PEAK = 0.45;

type Tone = { freq: number; start: number; decay: number };
const TONES: Tone[] = [
  { freq: 659.25, start: 0, decay: 0.18 },
  { freq: 880, start: 0.14, decay: 0.24 },
];

/** One bell-like tone: a 6 ms rise, then an exponential fade, with a quiet octave above. */
function tone({ freq, start, decay }: Tone, t: number): number {
  const local = t - start;
  if (local < 0) return 0;
  const attack = Math.min(1, local / 0.006);
  const envelope = attack * Math.exp(-local / decay);
  return envelope * (Math.sin(2 * Math.PI * freq * local) + 0.25 * Math.sin(4 * Math.PI * freq * local));
}

function samples(): Float64Array {
  const out = new Float64Array(Math.round(RATE * SECONDS));
  for (let i = 0; i < out.length; i++) out[i] = TONES.reduce((sum, t) => sum + tone(t, i / RATE), 0);
  // The last few milliseconds fade to silence so the end never clicks.
  const tail = Math.round(RATE * 0.02);
  for (let i = 0; i < tail; i++) out[out.length - 1 - i] *= i / tail;
  const max = out.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return out.map((v) => (v / max) * PEAK);
}

function wav(data: Float64Array): Buffer {
  const bytes = data.length * 2;
  const buf = Buffer.alloc(44 + bytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + bytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE * 2, 28); // bytes per second
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(bytes, 40);
  data.forEach((v, i) => buf.writeInt16LE(Math.round(v * 32_767), 44 + i * 2));
  return buf;
}

const target = path.join(import.meta.dirname, '..', 'public', 'sfx', 'chime.wav');
mkdirSync(path.dirname(target), { recursive: true });
const file = wav(samples());
writeFileSync(target, file);
console.log(`${path.relative(process.cwd(), target)}: ${file.length} bytes`);

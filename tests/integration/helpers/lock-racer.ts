import { createInterface } from 'node:readline';
import { lockDataDir } from '../../../lib/db/lock';

// A process that tries to lock data directories on command, one line per request:
// "lock <dir>" answers "won" or "lost <reason>". Locks won are held until stdin closes.
const held: (() => void)[] = [];
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const dir = line.slice('lock '.length);
  try {
    held.push(lockDataDir(dir));
    process.stdout.write('won\n');
  } catch (error) {
    process.stdout.write(`lost ${error instanceof Error ? error.message : String(error)}\n`);
  }
});
lines.on('close', () => {
  for (const release of held) release();
  process.exit(0);
});
process.stdout.write('ready\n');

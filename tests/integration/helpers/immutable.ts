import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether `chattr +i` works in `dir` (root, or CAP_LINUX_IMMUTABLE, on ext4, xfs or btrfs;
 * not on tmpfs or overlayfs). Null when it does, else why not, for the skip message.
 */
export function immutableUnsupported(dir: string): string | null {
  const probe = path.join(dir, '.chattr-probe');
  try {
    writeFileSync(probe, '');
    execFileSync('chattr', ['+i', probe], { stdio: 'pipe' });
    execFileSync('chattr', ['-i', probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `chattr +i does not work in ${dir}: ${stderr || (error as Error).message}`;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Makes a folder and everything in it immutable (true) or writable again (false). */
export function setImmutable(dir: string, on: boolean): void {
  execFileSync('chattr', ['-R', on ? '+i' : '-i', dir], { stdio: 'pipe' });
}

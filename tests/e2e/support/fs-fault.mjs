// Loaded into a test server (NODE_OPTIONS=--import) where `chattr +i` is not available (not
// root, tmpfs): while the file FS_FAULT_FLAG exists, every write under FS_FAULT_DIR fails with
// EPERM, as on an immutable folder. Reads still work. Test code only.
import fs from 'node:fs';
import path from 'node:path';
import { syncBuiltinESMExports } from 'node:module';

const dir = path.resolve(process.env.FS_FAULT_DIR ?? '');
const flag = process.env.FS_FAULT_FLAG ?? '';
const exists = fs.existsSync;
const under = (p) => typeof p === 'string' && path.resolve(p).startsWith(dir + path.sep);
const faulty = () => Boolean(flag) && exists(flag);
const eperm = (syscall) => Object.assign(new Error(`EPERM: operation not permitted, ${syscall}`), { code: 'EPERM', errno: -1, syscall });
const WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND;
const writes = (flags) => (typeof flags === 'number' ? (flags & WRITE_FLAGS) !== 0 : typeof flags === 'string' && /[wa+]/.test(flags));

const fds = new Set(); // descriptors of files under the folder

const open = fs.openSync;
fs.openSync = (p, flags = 'r', ...rest) => {
  if (under(p) && writes(flags) && faulty()) throw eperm('open');
  const fd = open(p, flags, ...rest);
  if (under(p)) fds.add(fd);
  return fd;
};
const close = fs.closeSync;
fs.closeSync = (fd) => {
  fds.delete(fd);
  return close(fd);
};
for (const name of ['writeSync', 'fsyncSync', 'fdatasyncSync', 'ftruncateSync', 'fchmodSync']) {
  const original = fs[name];
  fs[name] = (fd, ...rest) => {
    if (fds.has(fd) && faulty()) throw eperm(name.replace(/Sync$/, ''));
    return original(fd, ...rest);
  };
}
for (const name of ['writeFileSync', 'appendFileSync', 'truncateSync', 'unlinkSync', 'rmdirSync', 'mkdirSync', 'rmSync', 'utimesSync', 'chmodSync']) {
  const original = fs[name];
  fs[name] = (p, ...rest) => {
    if (under(p) && faulty()) throw eperm(name.replace(/Sync$/, ''));
    return original(p, ...rest);
  };
}
for (const name of ['renameSync', 'symlinkSync', 'linkSync']) {
  const original = fs[name];
  fs[name] = (a, b, ...rest) => {
    if ((under(a) || under(b)) && faulty()) throw eperm(name.replace(/Sync$/, ''));
    return original(a, b, ...rest);
  };
}
syncBuiltinESMExports(); // `import { openSync } from 'node:fs'` sees these too

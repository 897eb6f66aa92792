import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_FILE_MAX_BYTES } from '@/lib/boards/limits';
import { MESSAGE_BODY_LIMIT } from '@/lib/chats/upload-limits';
import { WS_PATH } from '@/lib/realtime/protocol';

// deploy/ must stay in step with the app: nginx's body limit with our largest upload, the
// systemd unit with the compiled server's path.
const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8');
const MB = 1024 * 1024;

describe('deploy/', () => {
  it('nginx lets our largest upload through and not much more', () => {
    const size = /^client_max_body_size (\d+)m;$/m.exec(read('deploy/nginx/atrio-proxy.conf'));
    expect(size).not.toBeNull();
    const limit = Number(size![1]) * MB;
    // A chat message with five files is the largest; five card files at once come next.
    expect(limit).toBeGreaterThanOrEqual(MESSAGE_BODY_LIMIT);
    expect(limit).toBeGreaterThanOrEqual(5 * CARD_FILE_MAX_BYTES + 64 * 1024);
    expect(limit).toBeLessThanOrEqual(MESSAGE_BODY_LIMIT + 2 * MB);
  });

  it('nginx passes the socket upgrade on the path the app serves it', () => {
    const conf = read('deploy/nginx/atrio-proxy.conf');
    const block = new RegExp(`location ${WS_PATH} \\{([^}]*)\\}`).exec(conf);
    expect(block).not.toBeNull();
    expect(block![1]).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(block![1]).toContain('proxy_set_header Connection "upgrade";');
  });

  it('the systemd unit runs the compiled server the build writes, restarting on failure', async () => {
    const unit = read('deploy/systemd/atrio@.service');
    const { SERVER_ENTRY } = await import('@/scripts/build-state.mjs');
    expect(unit).toContain(`ExecStart=/usr/bin/node ${path.relative(path.resolve(import.meta.dirname, '../..'), SERVER_ENTRY)}`);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/atrio\/atrio\.env$/m);
  });

  it('the server runs with two malloc arenas however it is started: npm start, the systemd unit, the benches', () => {
    expect(read('scripts/start.sh')).toMatch(/^export .*MALLOC_ARENA_MAX="\$\{MALLOC_ARENA_MAX:-2\}"$/m);
    expect(read('deploy/systemd/atrio@.service')).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
    expect(read('bench/app-server.ts')).toContain("MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2'");
  });
});

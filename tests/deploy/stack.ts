import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY } from '../../scripts/build-state.mjs';
import { freePort } from '../../scripts/free-port';

// The recipe of deploy/ on loopback: two compiled instances on the PostgreSQL and bucket that
// scripts/with-postgres.sh and scripts/with-s3.sh started, and Debian's nginx in front with
// deploy/nginx/atrio-proxy.conf, round-robin. Tests talk to nginx only.

const ROOT = path.resolve(import.meta.dirname, '../..');

export type Instance = { name: string; port: number; dataDir: string; child: ChildProcess };

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('nginx is missing: `npm run test:deploy` installs it with apt-get when run as root');
  return found;
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The compiled server with `env`, on a free loopback port and its own data directory; resolves once it is healthy. */
export async function launch(name: string, dataDir: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return { name, port, dataDir, child };
}

/** Stops an instance as systemd does (SIGTERM) and waits for it to exit. */
export async function halt(instance: Instance): Promise<void> {
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await exited;
  }
}

/** What every instance of a test shares: production mode, quiet logs, a cheap captcha. */
export function baseEnv(publicUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    HOST: '127.0.0.1',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: publicUrl,
    CAPTCHA_COST: '1',
    LOG_LEVEL: 'warn',
  };
}

export async function startStack() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const storageUrl = process.env.STORAGE_URL;
  if (!databaseUrl || !storageUrl) throw new Error('run through `npm run test:deploy` (PostgreSQL and the bucket come from its scripts)');
  const work = mkdtempSync(path.join(tmpdir(), 'atrio-deploy-'));
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const shared: NodeJS.ProcessEnv = { ...baseEnv(origin), DATABASE_URL: databaseUrl, STORAGE_URL: storageUrl, TRUST_PROXY: '1' };
  const instances: Instance[] = [];
  const startInstance = async (name: string) => {
    const instance = await launch(name, path.join(work, name), shared);
    instances.push(instance);
    return instance;
  };
  // One after the other: the first migrates and seeds an empty database (docs/deployment.md).
  const a = await startInstance('a');
  const b = await startInstance('b');

  // nginx's own files in the test's folder; its workers may run as another user when we are root.
  const temp = path.join(work, 'nginx-temp');
  mkdirSync(temp);
  chmodSync(work, 0o755);
  chmodSync(temp, 0o777);
  const conf = path.join(work, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  upstream atrio {
    server 127.0.0.1:${a.port} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${b.port} max_fails=1 fail_timeout=10s;
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    # For the test only: which instance answered.
    add_header X-Upstream $upstream_addr always;
    include ${path.join(ROOT, 'deploy/nginx/atrio-proxy.conf')};
  }
}
`,
  );
  const nginx = spawn(nginxBinary(), ['-p', work, '-c', conf, '-e', `${work}/nginx-error.log`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${origin}/api/health`, nginx, 20_000);

  return {
    origin,
    instances,
    /** The upstream address nginx names for an instance. */
    upstream: (instance: Instance) => `127.0.0.1:${instance.port}`,
    demoPassword: () => readFileSync(path.join(a.dataDir, 'initial-demo-password'), 'utf8').trim(),
    async stop() {
      nginx.kill('SIGTERM');
      for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGTERM');
      await Promise.all([nginx, ...instances.map((i) => i.child)].map((c) => (c.exitCode === null ? new Promise((resolve) => c.once('exit', resolve)) : null)));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

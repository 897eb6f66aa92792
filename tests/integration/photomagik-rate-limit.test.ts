import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keyRoute from '@/app/api/photomagik/key/route';
import * as generateRoute from '@/app/api/projects/[key]/photomagik/generate/route';
import { hit, LIMITS } from '@/lib/http/rate-limit';
import { photomagikGenerations } from '@/lib/photomagik/tables';
import { addressKey, projectKeyLimit } from '@/lib/photomagik/rate';
import { Client } from './helpers/http';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let secret: string;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  const staff = await w.memberOf('A', ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE']);
  secret = (await staff.client.call(keyRoute.POST, '/api/photomagik/key', {})).body.secret;
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
});

const generate = (ip: string, key: string | null, projectKey = w.project.A.key) =>
  new Client(ip).call(generateRoute.POST, `/api/projects/${projectKey}/photomagik/generate`, {
    json: { user: 'rate', style: 'none', prompt: 'cat' },
    headers: key ? { authorization: `Bearer ${key}` } : {},
    params: { key: projectKey },
  });

describe('photomagik public API rate limit', () => {
  it('counts every call from an address, bad keys included, and answers 429 with Retry-After', async () => {
    const ip = '198.51.100.20';
    // Bring the counter to its last allowed point, then two more calls.
    await hit(db.db, addressKey(ip), LIMITS.photomagikGenerateAddress, LIMITS.photomagikGenerateAddress.points - 1);
    expect((await generate(ip, 'pmk_wrong')).status).toBe(401);
    const limited = await generate(ip, secret);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(LIMITS.photomagikGenerateAddress.windowSeconds);
    // Another address is not affected.
    expect((await generate('198.51.100.21', secret)).status).toBe(400);
  });

  it('limits a project key across addresses and queues nothing once refused', async () => {
    await hit(db.db, projectKeyLimit(w.project.A.id), LIMITS.photomagikGenerateKey, LIMITS.photomagikGenerateKey.points);
    const before = await db.db.select().from(photomagikGenerations);
    const limited = await generate('198.51.100.30', secret);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error ?? limited.body.message).toBeTruthy();
    expect(await db.db.select().from(photomagikGenerations)).toHaveLength(before.length);
    // A fresh address with the same key is still over the key's limit; a wrong key stays 401.
    expect((await generate('198.51.100.31', secret)).status).toBe(429);
    expect((await generate('198.51.100.31', 'pmk_wrong')).status).toBe(401);
  });
});

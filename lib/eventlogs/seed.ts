import type { Tx } from '../db/client';
import { eventLogs, type NewEventLog } from './tables';

// Demo Studio's access history: about 60 days of visits, generated from a fixed seed so every
// first start draws the same shape (relative to its own "now"), written by one INSERT.

const DAYS = 60;
const PUBLIC_PAGES = ['/', '/faq', '/projects/demo/interview', '/help/getting-started'];
const STAFF_PAGES = ['/dashboard', '/dashboard/boards', '/dashboard/chats', '/dashboard/requests', '/dashboard/extensions/event-logs/access-charts'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** mulberry32: a tiny deterministic generator. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoEventLogs(tx: Tx, projectId: string, staffIds: string[], now = new Date()): Promise<void> {
  const rnd = random(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const rows: NewEventLog[] = [];
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = DAYS; d >= 0; d -= 1) {
    const weekend = new Date(dayStart - d * 86_400_000).getUTCDay() % 6 === 0;
    // A slow rise over the two months, quieter weekends.
    const visits = Math.round((weekend ? 6 : 12) + (DAYS - d) / 6 + rnd() * 6);
    for (let v = 0; v < visits; v += 1) {
      const staff = rnd() < 0.3 ? pick(staffIds) : null;
      const visitor = staff ? `u:${staff}` : `a:demo${d}-${Math.floor(rnd() * 40)}`;
      const ip = `203.0.113.${Math.floor(rnd() * 250) + 1}`;
      const userAgent = pick(AGENTS);
      let at = dayStart - d * 86_400_000 + Math.floor((7 + rnd() * 15) * 3_600_000);
      for (let e = 0, n = 1 + Math.floor(rnd() * 5); e < n; e += 1) {
        if (at > now.getTime()) break;
        const api = staff !== null && rnd() < 0.4;
        rows.push({
          projectId,
          at: new Date(at),
          kind: api ? 'api' : 'page',
          method: 'GET',
          path: api ? '/api/boards' : pick(staff ? STAFF_PAGES : PUBLIC_PAGES),
          status: rnd() < 0.03 ? 404 : 200,
          durationMs: 5 + Math.floor(rnd() * 80),
          userId: staff,
          visitor,
          ip,
          userAgent,
          referrer: e === 0 && !staff && rnd() < 0.4 ? 'https://www.example.com/' : '',
        });
        at += Math.floor((1 + rnd() * 8) * 60_000);
      }
    }
  }
  await tx.insert(eventLogs).values(rows);
}

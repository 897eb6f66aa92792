import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { memberships } from '../projects/tables';
import { users } from '../users/tables';
import type { RequestPriority, RequestStatus, RequestType } from './limits';
import { insertRequest } from './numbering';
import { requestCannedReplies, requestMessages, requestRatings, requests } from './tables';

// Demo Studio's requests on first start: two of its users (who cannot sign in: no
// password) with requests in several states, a staff reply, a note and tags.

type Demo = {
  customer: 0 | 1;
  subject: string;
  type: RequestType;
  priority: RequestPriority;
  status: RequestStatus;
  tags: string[];
  hoursAgo: number;
  /** The requester's satisfaction rating, for a solved one. */
  rating?: { score: 'good' | 'bad'; comment: string };
  thread: [who: 'customer' | 'support' | 'manager', kind: 'reply' | 'note', body: string][];
};

const CUSTOMERS = [
  { email: 'carla.customer@demo.test', name: 'Carla Customer' },
  { email: 'diego.client@demo.test', name: 'Diego Client' },
];

const DEMO: Demo[] = [
  {
    customer: 0,
    subject: 'Cannot download my invoice',
    type: 'problem',
    priority: 'high',
    status: 'new',
    tags: ['billing'],
    hoursAgo: 1,
    thread: [['customer', 'reply', 'The download button on my March invoice does nothing. Could you send it?']],
  },
  {
    customer: 0,
    subject: 'How do I invite a colleague?',
    type: 'question',
    priority: 'normal',
    status: 'pending',
    tags: ['accounts'],
    hoursAgo: 26,
    thread: [
      ['customer', 'reply', 'I would like a colleague to see our project too. How do I add them?'],
      ['support', 'note', 'She is on the basic plan: one seat left.'],
      ['support', 'reply', 'Open Users in the dashboard and choose "Invite". Your colleague gets an email with a link.'],
    ],
  },
  {
    customer: 1,
    subject: 'Dark theme for the public pages',
    type: 'feature',
    priority: 'low',
    status: 'open',
    tags: ['ui', 'ideas'],
    hoursAgo: 72,
    thread: [
      ['customer', 'reply', 'It would be lovely if the public pages followed the dark theme as well.'],
      ['manager', 'note', 'Worth a board card for next month.'],
    ],
  },
  {
    customer: 1,
    subject: 'Site was down this morning',
    type: 'problem',
    priority: 'urgent',
    status: 'resolved',
    tags: ['outage'],
    hoursAgo: 6,
    rating: { score: 'good', comment: 'Quick and clear, thank you.' },
    thread: [
      ['customer', 'reply', 'Between 8 and 9 the site answered with errors.'],
      ['support', 'reply', 'Thanks for telling us: a database restart took longer than planned. It is fixed now.'],
    ],
  },
  {
    customer: 0,
    subject: 'Change the company name on invoices',
    type: 'task',
    priority: 'normal',
    status: 'closed',
    tags: ['billing'],
    hoursAgo: 240,
    rating: { score: 'bad', comment: 'It took three emails to get this done.' },
    thread: [
      ['customer', 'reply', 'Our company is now called Carla & Co.'],
      ['support', 'reply', 'Done: the next invoices carry the new name.'],
    ],
  },
];

// Canned replies the demo's settings list and its composer offer, placeholders and all.
const CANNED = [
  { title: 'Greeting', body: 'Hello {{name}},\n\nThanks for writing to {{project}}. ' },
  { title: 'Solved, anything else?', body: 'Hi {{name}}, this should be solved now. If anything is still wrong, just reply here.\n\n{{agent}}' },
  { title: 'Invite a colleague', body: 'Open Users in the dashboard and choose "Invite": your colleague gets an email with a link.' },
];

/** `staffIds` in the order of the demo staff: owner, manager, support. */
export async function seedDemoRequests(tx: Tx, projectId: string, staffIds: string[]): Promise<void> {
  const customerIds: string[] = [];
  for (const c of CUSTOMERS) {
    const [user] = await tx.insert(users).values({ email: c.email, name: c.name, status: 1 }).returning({ id: users.id });
    await tx.insert(memberships).values({ projectId, userId: user.id });
    customerIds.push(user.id);
  }
  const authorOf = { support: staffIds[2], manager: staffIds[1] };
  await tx.insert(requestCannedReplies).values(CANNED.map((c) => ({ projectId, ...c, createdBy: staffIds[1] })));
  for (const demo of DEMO) {
    const requesterId = customerIds[demo.customer];
    const row = await insertRequest(tx, {
      projectId,
      requesterId,
      createdBy: requesterId,
      subject: demo.subject,
      type: demo.type,
      priority: demo.priority,
      tags: demo.tags,
    });
    // Backdated, so the list shows countdowns, breaches and ages of every kind.
    const opened = new Date(Date.now() - demo.hoursAgo * 3_600_000);
    const shift = (d: Date | null) => (d ? new Date(d.getTime() - demo.hoursAgo * 3_600_000) : null);
    let at = opened.getTime();
    let firstResponseAt: Date | null = null;
    for (const [who, kind, body] of demo.thread) {
      at += 20 * 60_000;
      const authorId = who === 'customer' ? requesterId : authorOf[who];
      if (who !== 'customer' && kind === 'reply' && !firstResponseAt) firstResponseAt = new Date(at);
      await tx.insert(requestMessages).values({ requestId: row.id, projectId, authorId, kind, body, createdAt: new Date(at) });
    }
    const done = demo.status === 'resolved' || demo.status === 'closed';
    await tx
      .update(requests)
      .set({
        status: demo.status,
        assigneeId: demo.status === 'new' ? null : authorOf.support,
        createdAt: opened,
        updatedAt: new Date(at),
        firstResponseDueAt: shift(row.firstResponseDueAt),
        resolutionDueAt: shift(row.resolutionDueAt),
        firstResponseAt,
        resolvedAt: done ? new Date(at) : null,
      })
      .where(eq(requests.id, row.id));
    if (demo.rating && done) {
      const rated = new Date(at + 60 * 60_000);
      await tx.insert(requestRatings).values({ requestId: row.id, projectId, ...demo.rating, createdAt: rated, updatedAt: rated });
    }
  }
}

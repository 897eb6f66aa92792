import type { Db } from '../db/client';
import { enforce, LIMITS } from '../http/rate-limit';

// Keys of the public generate API's two counters (exported so tests can fill them).
export const addressKey = (ip: string) => `photomagik-generate:ip:${ip}`;
export const projectKeyLimit = (projectId: string) => `photomagik-generate:key:${projectId}`;

/** Before the key check: every call from the address counts, so guessing keys is slow too. */
export const limitAddress = (db: Db, ip: string) => enforce(db, addressKey(ip), LIMITS.photomagikGenerateAddress);

/** After the key check: the project's own quota of calls, whoever makes them. */
export const limitProject = (db: Db, projectId: string) => enforce(db, projectKeyLimit(projectId), LIMITS.photomagikGenerateKey);

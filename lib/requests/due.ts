import { sql } from 'drizzle-orm';
import { requests } from './tables';

/** The nearest SLA due time still running (none once resolved): what "breached" and the due sort compare. */
export const NEXT_DUE = sql`case when ${requests.status} in ('resolved', 'closed') then null when ${requests.firstResponseAt} is null then ${requests.firstResponseDueAt} else ${requests.resolutionDueAt} end`;

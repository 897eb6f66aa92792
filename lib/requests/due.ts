import { inArray, sql } from 'drizzle-orm';
import { UNSOLVED_STATUSES } from './limits';
import { requests } from './tables';

/** The nearest SLA due time still running (none once resolved): what "breached" and the due sort compare. */
export const NEXT_DUE = sql`case when ${requests.status} in ('resolved', 'closed') then null when ${requests.firstResponseAt} is null then ${requests.firstResponseDueAt} else ${requests.resolutionDueAt} end`;

/** A request not solved yet (new, open or pending): the "open" view, the `unsolved` filter and the home's count. */
export const UNSOLVED = inArray(requests.status, [...UNSOLVED_STATUSES]);

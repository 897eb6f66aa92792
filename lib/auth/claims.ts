/** What an access token says. Short names keep the cookie small. */
export type AccessClaims = {
  /** user id */
  sub: string;
  /** session id */
  sid: string;
  /** the user is the platform root */
  root: boolean;
  /** active project id */
  pid?: string;
  /** active project profile id */
  ppid?: string;
  /** the active profile has isRoot */
  prr: boolean;
  /** the active profile's permissions (a hint for page guards; the API re-reads them) */
  perms: string[];
};

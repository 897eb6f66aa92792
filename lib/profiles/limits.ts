// Without the schemas, for the editor to show before it validates.
export const PROFILE_NAME_MAX = 60;

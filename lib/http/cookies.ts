/** One cookie's value from a raw `Cookie` header (the server and route code read them before Next does). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];
}

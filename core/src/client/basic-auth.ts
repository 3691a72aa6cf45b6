import type { Credentials } from './types.ts'

/**
 * `Basic base64(utf8(email:password))` (RFC 7617 with UTF-8). `btoa` alone only takes Latin-1,
 * so the UTF-8 bytes go through it one by one; the server splits at the first colon, so a
 * password may hold colons.
 */
export function basicAuthorization({ email, password }: Credentials): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(`${email}:${password}`)) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

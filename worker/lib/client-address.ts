import type { Context } from 'hono';

/** An IPv4 or IPv6 address as Cloudflare writes it; anything else is not trusted as one. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client's address: Cloudflare's `CF-Connecting-IP`, which it sets on every request (and wrangler's local
 * runtime sets from the socket). '' when unknown, as in the Node test app, which has no socket.
 */
export function clientAddress(c: Context): string {
  const header = c.req.header('CF-Connecting-IP')?.trim() ?? '';
  return ADDRESS.test(header) ? header.toLowerCase() : '';
}

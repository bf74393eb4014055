/**
 * Entity tags for lists that rest on a school's write version: `W/"<version>.<count>.<mac>"`. The MAC (HMAC-SHA-256
 * under the portal's secret) binds the tag to its school, role and query, so a tag made for one never matches
 * another, and vouches for the count of rows it answered, which a 304's activity-log line repeats.
 */
const encoder = new TextEncoder();
/** The secret's key, and the MACs made under it lately: a list asked again unchanged needs the same one. */
let cached: { secret: string; key: Promise<CryptoKey>; made: Map<string, string> } | null = null;
const MADE_KEPT = 500;

function keyOf(secret: string) {
  if (cached?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    cached = { secret, key, made: new Map() };
  }
  return cached;
}

async function macOf(secret: string, scope: string, version: number, count: number): Promise<string> {
  const text = `list-tag\n${scope}\n${version}\n${count}`;
  const { key, made } = keyOf(secret);
  const known = made.get(text);
  if (known !== undefined) return known;
  const signed = await crypto.subtle.sign('HMAC', await key, encoder.encode(text));
  const bytes = new Uint8Array(signed, 0, 12);
  const mac = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  // Oldest out first.
  if (made.size >= MADE_KEPT) made.delete(made.keys().next().value as string);
  made.set(text, mac);
  return mac;
}

export interface ListTag {
  tag: string;
  version: number;
  count: number;
}

export async function listTag(secret: string, scope: string, version: number, count: number): Promise<string> {
  return `W/"${version}.${count}.${await macOf(secret, scope, version, count)}"`;
}

/** The first tag of an `If-None-Match` header that was made for this scope, or null. */
export async function heldListTag(secret: string, header: string | undefined, scope: string): Promise<ListTag | null> {
  if (!header || header.length > 1000) return null;
  for (const match of header.matchAll(/(?:W\/)?"(\d{1,15})\.(\d{1,7})\.([\w-]{16})"/g)) {
    const version = Number(match[1]);
    const count = Number(match[2]);
    if (sameText(match[3], await macOf(secret, scope, version, count))) {
      return { tag: `W/"${match[1]}.${match[2]}.${match[3]}"`, version, count };
    }
  }
  return null;
}

/** Compares in time that does not depend on where the texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

import { type ChoiceKind, choiceKinds } from '../../db/schema';

/**
 * A signed, single-purpose token for an e-mail's unsubscribe link: the school, the account and the kind of message,
 * with an HMAC-SHA-256 of them under a key of its own (derived from the token secret, labelled for this use alone),
 * so it can neither sign in nor be made from a session token. It turns off e-mail of that kind, nothing else.
 */
export interface UnsubscribeTarget {
  schoolId: string;
  userId: string;
  kind: ChoiceKind;
}

const LABEL = 'school-portal unsubscribe v1';
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    const bytes = new TextEncoder().encode(`${LABEL}\n${secret}`);
    key = crypto.subtle
      .digest('SHA-256', bytes)
      .then((raw) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
    keys.set(secret, key);
  }
  return key;
}

const encode = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function decode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const signed = (t: UnsubscribeTarget) => new TextEncoder().encode(`${LABEL}\n${t.schoolId}\n${t.userId}\n${t.kind}`);

export async function unsubscribeToken(secret: string, target: UnsubscribeTarget): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), signed(target));
  return `${target.schoolId}.${target.userId}.${choiceKinds.indexOf(target.kind)}.${encode(mac)}`;
}

/** The token's target when its signature holds (checked in constant time), else null. */
export async function readUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeTarget | null> {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [schoolId, userId, index, mac] = parts;
  const kind = choiceKinds[Number(index)];
  const bytes = decode(mac);
  if (!kind || !/^\d$/.test(index) || !bytes || !schoolId || !userId) return null;
  const target = { schoolId, userId, kind };
  const valid = await crypto.subtle.verify('HMAC', await keyOf(secret), bytes, signed(target));
  return valid ? target : null;
}

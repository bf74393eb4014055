/** OWASP's argon2id minimum; the same parameters @node-rs/argon2 uses by default. */
export const ARGON2_PARAMS = { m: 19456, t: 2, p: 1, dkLen: 32 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(phc: string, password: string): Promise<boolean>;
}

const encoder = new TextEncoder();

function toB64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '');
}

function fromB64(text: string): Uint8Array {
  const padded = text + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

interface ParsedPhc {
  m: number;
  t: number;
  p: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

/**
 * The costs a stored hash may name: ours (`ARGON2_PARAMS`) and stronger ones up to 64 MiB, 16 passes and 8 lanes.
 * A hash naming more is refused before any memory is taken: a Worker has 128 MB in all.
 */
const PHC_LIMITS = { m: 65_536, t: 16, p: 8 } as const;

/** Parses `$argon2id$v=19$m=…,t=…,p=…$salt$hash`; anything else, or costs past `PHC_LIMITS`, is null. */
export function parsePhc(phc: string): ParsedPhc | null {
  const match = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,9}),p=(\d{1,9})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match;
  const cost = { m: Number(m), t: Number(t), p: Number(p) };
  if (cost.t < 1 || cost.t > PHC_LIMITS.t || cost.p < 1 || cost.p > PHC_LIMITS.p) return null;
  if (cost.m < 8 * cost.p || cost.m > PHC_LIMITS.m) return null;
  try {
    return { ...cost, salt: fromB64(salt), hash: fromB64(hash) };
  } catch {
    // A length no base64 text has (a stored hash cut short): no password matches it.
    return null;
  }
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Raw argon2id (version 19): the key of `password` under `salt` with the given costs. */
export type Argon2id = (
  password: Uint8Array,
  salt: Uint8Array,
  cost: { m: number; t: number; p: number; dkLen: number },
) => Uint8Array;

/**
 * The PHC strings @node-rs/argon2 makes and reads, over a raw argon2id: hashes with `ARGON2_PARAMS` and a 16-byte
 * salt; verifies with the costs and salt the stored string names, comparing in constant time.
 */
export function phcHasher(argon2id: Argon2id): PasswordHasher {
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const { m, t, p, dkLen } = ARGON2_PARAMS;
      const hash = argon2id(encoder.encode(password), salt, { m, t, p, dkLen });
      return `$argon2id$v=19$m=${m},t=${t},p=${p}$${toB64(salt)}$${toB64(hash)}`;
    },
    async verify(phc, password) {
      const parsed = parsePhc(phc);
      if (!parsed) return false;
      const actual = argon2id(encoder.encode(password), parsed.salt, {
        m: parsed.m,
        t: parsed.t,
        p: parsed.p,
        dkLen: parsed.hash.length,
      });
      return constantTimeEqual(actual, parsed.hash);
    },
  };
}

/** A well-formed hash of no known password: verified against when an email is unknown, so both paths cost the same. */
export const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2Nob29scG9ydGFsZGVjb3k$W7hKzKwWgVtz2v5rVHkIuA3Zl8oQ0e0R3sdl9Xo1c6Y';

/**
 * The hash of an account that has no password yet (one a restore brought back): no password verifies against
 * it, and checking one costs the same argon2id work as any other, so the answer's timing tells nothing.
 */
export const NO_PASSWORD = '!no-password';

/**
 * Temporary passwords made by the server (14 characters, about 80 bits) need no slow hash: a salted HMAC-SHA-256
 * resists guessing as well, and a whole import of accounts hashes in milliseconds instead of minutes.
 */
const TEMPORARY_PREFIX = '$hmac-sha256$';
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A readable random password of 14 characters without look-alikes; every character equally likely. */
export function generatePassword(length = 14): string {
  const limit = 256 - (256 % TEMPORARY_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out += TEMPORARY_ALPHABET[b % TEMPORARY_ALPHABET.length];
    }
  }
  return out;
}

async function hmac(salt: Uint8Array, password: string): Promise<Uint8Array> {
  // The browser's lib reads this file too (the client's typecheck), where a key must sit in an ArrayBuffer.
  const key = await crypto.subtle.importKey(
    'raw',
    salt as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(password)));
}

/** How long a temporary password lets its account in; after that the school issues a new one. */
export const TEMPORARY_PASSWORD_DAYS = 14;

const TEMPORARY_HASH = /^\$hmac-sha256\$(?:t=(\d{1,12})\$)?([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * `$hmac-sha256$t=<issued, unix seconds>$salt$mac` of a generated password; only for passwords from
 * `generatePassword`. The issue time is what makes it expire.
 */
export async function hashTemporaryPassword(password: string, issuedAt: Date): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return `${TEMPORARY_PREFIX}t=${seconds}$${toB64(salt)}$${toB64(await hmac(salt, password))}`;
}

/**
 * Whether a temporary password has outlived `TEMPORARY_PASSWORD_DAYS`. Hashes written before issue times
 * were recorded carry none and do not expire; a chosen password never does.
 */
export function temporaryPasswordExpired(stored: string, now: Date): boolean {
  const issued = TEMPORARY_HASH.exec(stored)?.[1];
  if (!issued) return false;
  return now.getTime() - Number(issued) * 1000 > TEMPORARY_PASSWORD_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * Checks a password against an argon2id hash or a temporary one. A temporary hash still costs one argon2id
 * verification, so the answer's timing does not tell which kind of account was tried.
 */
export async function verifyPassword(hasher: PasswordHasher, stored: string, password: string): Promise<boolean> {
  if (stored === NO_PASSWORD) {
    await hasher.verify(DECOY_HASH, password);
    return false;
  }
  const match = TEMPORARY_HASH.exec(stored);
  if (!match) return hasher.verify(stored, password);
  await hasher.verify(DECOY_HASH, password);
  return constantTimeEqual(await hmac(fromB64(match[2]), password), fromB64(match[3]));
}

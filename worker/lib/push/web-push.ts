import type { PushConfig } from './config';

/**
 * One Web Push request (RFC 8030), its payload encrypted for the phone (RFC 8291, `aes128gcm`) and signed for the
 * push service with the server's VAPID key (RFC 8292), by Web Crypto alone: it runs in workerd and in Node.
 */
export interface PushTarget {
  endpoint: string;
  /** The phone's P-256 public key and auth secret, base64url, as its subscription gave them. */
  p256dh: string;
  auth: string;
}

const te = new TextEncoder();

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64url(bytes: Uint8Array | ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info } as never, key, bytes * 8),
  );
}

/** The payload encrypted for one phone: salt, record size, the server's one-time public key, then the record. */
export async function encryptPayload(target: PushTarget, payload: string): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64url(target.p256dh);
  const authSecret = fromBase64url(target.auth);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey } as never, pair.privateKey, 256),
  );
  const ikm = await hkdf(authSecret, shared, concat(te.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const salt = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)));
  const cek = await hkdf(salt, ikm, te.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, te.encode('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['encrypt']);
  // One record: the text, then the last record's delimiter (2).
  const record = concat(te.encode(payload), new Uint8Array([2]));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce as Uint8Array<ArrayBuffer> }, key, record),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, 4096);
  header[20] = asPublic.length;
  return concat(header, asPublic, sealed);
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(config: PushConfig) {
  let key = signingKeys.get(config.privateKey);
  if (!key) {
    const pub = fromBase64url(config.publicKey);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: config.privateKey,
      x: toBase64url(pub.slice(1, 33)),
      y: toBase64url(pub.slice(33, 65)),
    };
    key = crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    signingKeys.set(config.privateKey, key);
  }
  return key;
}

/** The `Authorization: vapid t=…, k=…` of a request to this push service, valid 12 hours. */
export async function vapidAuthorization(config: PushConfig, endpoint: string, now: Date) {
  const part = (value: object) => toBase64url(te.encode(JSON.stringify(value)));
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now.getTime() / 1000) + 12 * 3600,
    sub: config.subject,
  };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    await signingKey(config),
    te.encode(unsigned) as Uint8Array<ArrayBuffer>,
  );
  return `vapid t=${unsigned}.${toBase64url(signature)}, k=${config.publicKey}`;
}

/** The whole request to the phone's push service; the service keeps it a day at most while the phone is away. */
export async function pushRequest(config: PushConfig, target: PushTarget, payload: string, now: Date) {
  return new Request(target.endpoint, {
    method: 'POST',
    headers: {
      Authorization: await vapidAuthorization(config, target.endpoint, now),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: '86400',
      Urgency: 'high',
    },
    body: await encryptPayload(target, payload),
  });
}

import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A VAPID key pair as the Worker's secrets hold it (base64url public point and private scalar). */
export function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: b64url(ecdh.getPublicKey()),
    privateKey: b64url(ecdh.getPrivateKey()),
    subject: 'mailto:office@example.org',
  };
}

/** A phone: its subscription keys, and how it decrypts what a push service hands it (RFC 8291). */
export function phoneKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const p256dh = ecdh.getPublicKey();
  return {
    keys: { p256dh: b64url(p256dh), auth: b64url(auth) },
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idlen = body[20];
      const sender = body.subarray(21, 21 + idlen);
      const sealed = body.subarray(21 + idlen);
      const shared = ecdh.computeSecret(sender);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), p256dh, sender]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      if (plain[plain.length - 1] !== 2) throw new Error('not the last record');
      return plain.subarray(0, plain.length - 1).toString('utf8');
    },
  };
}

/** Checks a request's `Authorization: vapid t=…, k=…` against the server's public key; answers its claims. */
export function vapidClaims(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match || match[4] !== publicKey) throw new Error(`not a VAPID authorization: ${authorization}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = Buffer.from(`${match[1]}.${match[2]}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(match[3], 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not hold');
  return JSON.parse(Buffer.from(match[2], 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

export interface PushedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for a push service: keeps every request it is sent, and answers each path with the status
 * `answers` gives (201 by default).
 */
export async function startPushService() {
  const received: PushedRequest[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

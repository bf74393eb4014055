import { createECDH } from 'node:crypto';

/** A fresh VAPID key pair (Web Push) as `.dev.vars` lines: a local server's own, never committed. */
export function localVapidLines(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return (
    `VAPID_PUBLIC_KEY=${ecdh.getPublicKey().toString('base64url')}\n` +
    `VAPID_PRIVATE_KEY=${ecdh.getPrivateKey().toString('base64url')}\n` +
    'VAPID_SUBJECT=mailto:admin@portal.localhost\n'
  );
}

/** Web Push (VAPID) settings from the Worker's environment; null when push is not configured. */
export interface PushConfig {
  /** The application server's public key, base64url (65 bytes, uncompressed P-256): browsers subscribe with it. */
  publicKey: string;
  /** Its private key, base64url (the 32-byte scalar `d`); a secret, never logged. */
  privateKey: string;
  /** Who runs the server, for push services: `mailto:` or `https:`. */
  subject: string;
}

export interface PushEnv {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

export function pushConfigFrom(env: PushEnv): PushConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:admin@localhost';
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject };
}

import { describe, expect, it } from 'vitest';
import { fromBase64url, pushRequest, toBase64url } from '../../worker/lib/push/web-push';

const te = new TextEncoder();

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveBits']);
  const params = { name: 'HKDF', hash: 'SHA-256', salt, info } as never;
  return new Uint8Array(await crypto.subtle.deriveBits(params, key, bytes * 8));
}

/** A phone made in workerd: its subscription keys, and its own decryption of a push (RFC 8291). */
async function phone() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    keys: { p256dh: toBase64url(publicKey), auth: toBase64url(auth) },
    async decrypt(body: Uint8Array) {
      const salt = body.slice(0, 16);
      const sender = body.slice(21, 21 + body[20]);
      const senderKey = await crypto.subtle.importKey('raw', sender, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
      const shared = new Uint8Array(
        await crypto.subtle.deriveBits({ name: 'ECDH', public: senderKey } as never, pair.privateKey, 256),
      );
      const info = new Uint8Array([...te.encode('WebPush: info\0'), ...publicKey, ...sender]);
      const ikm = await hkdf(auth, shared, info, 32);
      const cek = await hkdf(salt, ikm, te.encode('Content-Encoding: aes128gcm\0'), 16);
      const nonce = await hkdf(salt, ikm, te.encode('Content-Encoding: nonce\0'), 12);
      const key = await crypto.subtle.importKey('raw', cek as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['decrypt']);
      const plain = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: nonce as Uint8Array<ArrayBuffer> },
          key,
          body.slice(21 + body[20]),
        ),
      );
      return new TextDecoder().decode(plain.slice(0, -1));
    },
  };
}

describe('Web Push in workerd', () => {
  it('encrypts a payload only the phone reads, and signs a VAPID token the public key verifies', async () => {
    const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', vapid.privateKey)) as JsonWebKey;
    const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', vapid.publicKey)) as ArrayBuffer);
    const config = { publicKey: toBase64url(publicRaw), privateKey: jwk.d as string, subject: 'mailto:a@example.org' };
    const target = await phone();
    const request = await pushRequest(
      config,
      { endpoint: 'https://push.example.org/send/1', ...target.keys },
      JSON.stringify({ title: 'Absence alert: Asha' }),
      new Date('2026-11-26T08:00:00Z'),
    );
    expect(request.headers.get('Content-Encoding')).toBe('aes128gcm');
    const body = new Uint8Array(await request.arrayBuffer());
    expect(JSON.parse(await target.decrypt(body))).toEqual({ title: 'Absence alert: Asha' });
    await expect((await phone()).decrypt(body)).rejects.toThrow();

    const [, token, key] = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(request.headers.get('Authorization') ?? '') ?? [];
    expect(key).toBe(config.publicKey);
    const [header, claims, signature] = token.split('.');
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      vapid.publicKey,
      fromBase64url(signature),
      te.encode(`${header}.${claims}`),
    );
    expect(valid).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(fromBase64url(claims)))).toEqual({
      aud: 'https://push.example.org',
      exp: Date.parse('2026-11-26T08:00:00Z') / 1000 + 12 * 3600,
      sub: 'mailto:a@example.org',
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { revokedSessions } from '../../worker/db/schema';
import { TOKEN_TTL_SECONDS } from '../../worker/lib/tokens';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';

/** The Workers entry reuses a session check for reads during a few seconds; these tests turn it on. */
const REUSE_MS = 5_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sessionReuseMs: REUSE_MS });
});

const verify = (token: string) => t.request('/api/users/verify', { token });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string; sub: string; exp: number };

async function freshAccount() {
  t.clock.now = new Date();
  const { adminEmail } = await createTestSchool(t);
  return { email: adminEmail, token: await signIn(t, adminEmail) };
}

describe('reusing a session check for reads', () => {
  it('answers a second read within the window without the token check round trip', async () => {
    const { token } = await freshAccount();
    const first = await verify(token);
    const second = await verify(token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(roundTrips(second)).toBe(roundTrips(first) - 1);

    t.clock.now = new Date(t.clock.now.getTime() + REUSE_MS + 1);
    expect(roundTrips(await verify(token))).toBe(roundTrips(first));
  });

  it('a sign-out in this isolate ends the session at once, and the other token of the person stays', async () => {
    const { email, token } = await freshAccount();
    expect((await verify(token)).status).toBe(200);
    const other = await signIn(t, email);
    expect((await verify(other)).status).toBe(200);
    expect((await t.request('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await verify(token)).status).toBe(401);
    expect((await verify(other)).status).toBe(200);
  });

  it('writes always check the session: a revocation made elsewhere refuses the next write', async () => {
    const { token } = await freshAccount();
    expect((await verify(token)).status).toBe(200);
    const claims = claimsOf(token);
    // As another isolate would: the revocation reaches the database, not this isolate's memory.
    await t.db.insert(revokedSessions).values({
      jti: claims.jti,
      userId: claims.sub,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
      revokedAt: t.clock.now.toISOString(),
    });
    expect((await verify(token)).status).toBe(200);
    const write = await t.request('/api/auth/refresh', { method: 'POST', token });
    expect(write.status).toBe(401);
    expect((await verify(token)).status).toBe(401);
  });

  it('never reuses a check past the token’s expiry', async () => {
    const long = await createTestApp({ sessionReuseMs: 3 * TOKEN_TTL_SECONDS * 1000 });
    long.clock.now = new Date();
    const token = await signIn(long, (await createTestSchool(long)).adminEmail);
    expect((await long.request('/api/users/verify', { token })).status).toBe(200);
    long.clock.now = new Date(long.clock.now.getTime() + (TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await long.request('/api/users/verify', { token });
    expect(expired.status).toBe(401);
    expect((await json<{ error: string }>(expired)).error).toBe('Token expired. Please login again.');
  });
});

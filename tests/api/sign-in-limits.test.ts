import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { signInAttempts } from '../../worker/db/schema';
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  PLATFORM_MAX_FAILURES,
  SIGN_IN_MAX_FAILURES,
} from '../../worker/modules/auth/throttle';
import { createTestApp, createTestSchool, json, PASSWORD, roundTrips, type TestApp, unique } from '../support/app';

let t: TestApp;
const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;
let lastOctet = 0;
/** A client address no other test uses. */
const freshAddress = () => `203.0.113.${++lastOctet}`;

beforeAll(async () => {
  t = await createTestApp();
});

function signInFrom(address: string, email: string, password: string, app: { request: TestApp['request'] } = t) {
  return app.request('/api/users/login', {
    method: 'POST',
    headers: { 'CF-Connecting-IP': address },
    json: { email, password },
  });
}

async function failTimes(n: number, address: string, email: (i: number) => string) {
  for (let i = 0; i < n; i++) expect((await signInFrom(address, email(i), `wrong-${i}`)).status).toBe(401);
}

async function expectLocked(res: Response) {
  expect(res.status).toBe(429);
  expect((await json(res)).error).toMatch(LOCKED);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('failures per email and address', () => {
  it('blocks the guessing address for that email while the owner signs in from another address', async () => {
    const { adminEmail } = await createTestSchool(t);
    const attacker = freshAddress();
    const owner = freshAddress();
    await failTimes(SIGN_IN_MAX_FAILURES, attacker, () => adminEmail);
    await expectLocked(await signInFrom(attacker, adminEmail, PASSWORD));
    expect((await signInFrom(owner, adminEmail, PASSWORD)).status).toBe(200);
    // The owner's success does not lift the block on the guesser.
    await expectLocked(await signInFrom(attacker, adminEmail, PASSWORD));
  });

  it('counts a failure and checks the limits in the same two round trips however many failures there are', async () => {
    const address = freshAddress();
    const first = await signInFrom(address, 'nobody-1@example.org', 'wrong');
    await failTimes(10, address, (i) => `nobody-${i + 2}@example.org`);
    const later = await signInFrom(address, 'nobody-20@example.org', 'wrong');
    expect(roundTrips(first)).toBe(2);
    expect(roundTrips(later)).toBe(2);
  });
});

describe('failures per address across emails', () => {
  it(`refuses an address after ${ADDRESS_MAX_FAILURES} failures over many emails, until the window passes`, async () => {
    const { adminEmail } = await createTestSchool(t);
    const address = freshAddress();
    await failTimes(ADDRESS_MAX_FAILURES, address, (i) => `${unique('guess')}-${i}@example.org`);
    await expectLocked(await signInFrom(address, adminEmail, PASSWORD));
    expect((await signInFrom(freshAddress(), adminEmail, PASSWORD)).status).toBe(200);

    const realNow = t.clock.now;
    t.clock.now = new Date(realNow.getTime() + 15 * 60 * 1000 + 1000);
    const later = await signInFrom(address, adminEmail, PASSWORD);
    t.clock.now = realNow;
    expect(later.status).toBe(200);
  });

  it('one failure short of the limit still lets the address sign in', async () => {
    const { adminEmail } = await createTestSchool(t);
    const address = freshAddress();
    await failTimes(ADDRESS_MAX_FAILURES - 1, address, (i) => `${unique('near')}-${i}@example.org`);
    expect((await signInFrom(address, adminEmail, PASSWORD)).status).toBe(200);
  });
});

describe('failures per email across addresses', () => {
  it(`refuses every address for an email after ${ACCOUNT_MAX_FAILURES} failures spread over many`, async () => {
    const { adminEmail } = await createTestSchool(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      expect((await signInFrom(freshAddress(), adminEmail, `spread-${i}`)).status).toBe(401);
    }
    const fresh = freshAddress();
    await expectLocked(await signInFrom(fresh, adminEmail, PASSWORD));
    // The same fresh address is free for other emails.
    const other = await createTestSchool(t);
    expect((await signInFrom(fresh, other.adminEmail, PASSWORD)).status).toBe(200);
  });
});

describe('the platform-wide brake', () => {
  it(`above ${PLATFORM_MAX_FAILURES} failures, addresses that already failed are refused and clean ones are not`, async () => {
    const brake = await createTestApp();
    const { adminEmail } = await createTestSchool(brake);
    const failed = freshAddress();
    const clean = freshAddress();
    expect((await signInFrom(failed, 'someone@example.org', 'wrong', brake)).status).toBe(401);
    const at = brake.clock.now.toISOString();
    const many = Array.from({ length: PLATFORM_MAX_FAILURES - 2 }, (_, i) => ({
      email: `sprayed-${i}@example.org`,
      clientIp: `198.51.${Math.floor(i / 250)}.${i % 250}`,
      attemptedAt: at,
    }));
    await brake.db.insert(signInAttempts).values(many);

    // One short of the threshold: the address that failed still gets its try.
    expect((await signInFrom(failed, adminEmail, PASSWORD, brake)).status).toBe(200);
    expect((await signInFrom(freshAddress(), 'another@example.org', 'wrong', brake)).status).toBe(401);

    await expectLocked(await signInFrom(failed, adminEmail, PASSWORD, brake));
    expect((await signInFrom(clean, adminEmail, PASSWORD, brake)).status).toBe(200);
  });
});

describe('counters shared by every instance', () => {
  it('two app instances over one database refuse the same address', async () => {
    const second = createApp(t.platform);
    const other = {
      request: (path: string, init: RequestInit & { json?: unknown } = {}) => {
        const headers = new Headers(init.headers);
        headers.set('Content-Type', 'application/json');
        return Promise.resolve(second.request(path, { method: init.method, headers, body: JSON.stringify(init.json) }));
      },
    };
    const { adminEmail } = await createTestSchool(t);
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      const app = i % 2 === 0 ? t : other;
      expect((await signInFrom(address, adminEmail, `wrong-${i}`, app)).status).toBe(401);
    }
    await expectLocked(await signInFrom(address, adminEmail, PASSWORD, other));
    await expectLocked(await signInFrom(address, adminEmail, PASSWORD));
    expect((await signInFrom(freshAddress(), adminEmail, PASSWORD, other)).status).toBe(200);
  });
});

describe('a password change', () => {
  it('counts a wrong current password against its address', async () => {
    const { adminEmail } = await createTestSchool(t);
    const here = freshAddress();
    const elsewhere = freshAddress();
    const token = ((await json(await signInFrom(here, adminEmail, PASSWORD))) as any).data.token as string;
    const change = (currentPassword: string) =>
      t.request('/api/auth/profile', {
        method: 'PUT',
        token,
        headers: { 'CF-Connecting-IP': here },
        json: { currentPassword, newPassword: 'a-guessed-secret' },
      });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    await expectLocked(await change(PASSWORD));
    await expectLocked(await signInFrom(here, adminEmail, PASSWORD));
    expect((await signInFrom(elsewhere, adminEmail, PASSWORD)).status).toBe(200);
  });
});

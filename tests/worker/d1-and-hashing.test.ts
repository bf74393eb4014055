import { env, exports } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inJson, jsonInserts } from '../../worker/db/bulk';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { schools, users } from '../../worker/db/schema';
import { parsePhc } from '../../worker/lib/password';
import { workerHasher } from '../../worker/lib/worker-hasher';
import { createSchool } from '../../worker/modules/platform/service';

/** The Worker entry, running in this isolate. */
const worker = (exports as unknown as { default: Fetcher }).default;

// Made fresh by @node-rs/argon2 in Node when the suite starts (vitest.config.ts), for the password 'demo1234'.
const NODE_RS_HASH_OF_DEMO = env.NODE_RS_HASH_OF_DEMO;

describe('D1 driver inside workerd', () => {
  it('applies the migrations and runs real queries and atomic batches', async () => {
    const meter = new DbMeter();
    const db = d1Database(env.DB, meter);
    const result = await createSchool(db, workerHasher, {
      name: 'Workerd Academy',
      adminName: 'Wendy',
      adminEmail: 'wendy@workerd.example',
      adminPassword: 'secret-pass',
    });
    const [row] = await db.select().from(schools).where(eq(schools.id, result.school._id));
    expect(row.name).toBe('Workerd Academy');

    // A batch whose last statement fails leaves nothing behind.
    const before = await db.select({ n: count() }).from(users);
    await expect(
      db.batch([
        db.insert(users).values({
          schoolId: row.id,
          role: 'teacher',
          name: 'Half Way',
          email: 'half.way@workerd.example',
          passwordHash: 'x',
        }),
        db.insert(users).values({
          schoolId: row.id,
          role: 'teacher',
          name: 'Duplicate',
          email: 'wendy@workerd.example',
          passwordHash: 'x',
        }),
      ]),
    ).rejects.toThrow();
    const after = await db.select({ n: count() }).from(users);
    expect(after[0].n).toBe(before[0].n);
    expect(meter.roundTrips).toBeGreaterThan(0);
  });
});

describe('bulk writes on D1', () => {
  it('inserts hundreds of rows in one atomic batch of JSON statements, past the 100-parameter limit', async () => {
    const meter = new DbMeter();
    const db = d1Database(env.DB, meter);
    const { school } = await createSchool(db, workerHasher, {
      name: 'Bulk School',
      adminName: 'Bea',
      adminEmail: 'bea@bulk.example',
      adminPassword: 'secret-pass',
    });
    const rows = Array.from({ length: 400 }, (_, i) => ({
      schoolId: school._id,
      role: 'student' as const,
      name: `Student ${i}`,
      email: `student${i}@bulk.example`,
      passwordHash: 'x',
    }));
    const before = meter.roundTrips;
    await db.batch(jsonInserts(db, users, rows) as [never]);
    expect(meter.roundTrips - before).toBe(1);
    const [{ n }] = await db
      .select({ n: count() })
      .from(users)
      .where(
        inJson(
          users.email,
          rows.map((r) => r.email),
        ),
      );
    expect(n).toBe(400);
  });
});

describe('argon2id inside workerd', () => {
  it('verifies a hash made by @node-rs/argon2, and makes hashes of the same form', async () => {
    expect(NODE_RS_HASH_OF_DEMO).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await workerHasher.verify(NODE_RS_HASH_OF_DEMO, 'demo1234')).toBe(true);
    expect(await workerHasher.verify(NODE_RS_HASH_OF_DEMO, 'demo12345')).toBe(false);

    const started = performance.now();
    const made = await workerHasher.hash('demo1234');
    const elapsed = performance.now() - started;
    console.log(`argon2id hash inside workerd: ${elapsed.toFixed(0)} ms`);
    const parsed = parsePhc(made);
    expect(parsed).toMatchObject({ m: 19456, t: 2, p: 1 });
    expect(parsed?.salt.length).toBe(16);
    expect(parsed?.hash.length).toBe(32);
    expect(await workerHasher.verify(made, 'demo1234')).toBe(true);
    expect(await workerHasher.verify(made, 'demo1235')).toBe(false);
  });

  it('hashes every byte of a password written in other scripts, as @node-rs/argon2 does', async () => {
    const wide = 'पासवर्ड-كلمة-🔑';
    expect(await workerHasher.verify(env.NODE_RS_HASH_OF_WIDE, wide)).toBe(true);
    // Its characters count fewer than its bytes: a hash of only as many bytes as characters would be another one.
    const prefix = new TextDecoder().decode(new TextEncoder().encode(wide).slice(0, wide.length));
    expect(await workerHasher.verify(env.NODE_RS_HASH_OF_WIDE, prefix)).toBe(false);
    expect(await workerHasher.verify(env.NODE_RS_HASH_OF_WIDE, 'पासवर्ड-كلمة-🔒')).toBe(false);
    const made = await workerHasher.hash(wide);
    expect(await workerHasher.verify(made, wide)).toBe(true);
    expect(await workerHasher.verify(made, wide.slice(0, -2))).toBe(false);
  });

  it('refuses a stored hash that is not argon2id in PHC form, and a truncated one', async () => {
    expect(await workerHasher.verify('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'demo1234')).toBe(false);
    expect(await workerHasher.verify(NODE_RS_HASH_OF_DEMO.slice(0, -10), 'demo1234')).toBe(false);
    expect(await workerHasher.verify('', 'demo1234')).toBe(false);
  });
});

describe('the Worker entry', () => {
  it('serves the API with the D1 binding: create a school over the platform endpoint, then sign in', async () => {
    const create = await worker.fetch('http://portal.test/api/platform/schools', {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.PLATFORM_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Entry School', adminEmail: 'entry@workerd.example', adminPassword: 'entry-pass' }),
    });
    expect(create.status).toBe(201);

    const login = await worker.fetch('http://portal.test/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'entry@workerd.example', password: 'entry-pass' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { data: { token: string; user: { school: { name: string } } } };
    expect(body.data.user.school.name).toBe('Entry School');
    expect(login.headers.get('server-timing')).toMatch(/db;desc="\d+";dur=/);

    const verify = await worker.fetch('http://portal.test/api/users/verify', {
      headers: { Authorization: `Bearer ${body.data.token}` },
    });
    expect(verify.status).toBe(200);
  });
});

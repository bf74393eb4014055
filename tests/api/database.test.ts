import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { inJson, jsonInserts } from '../../worker/db/bulk';
import { departments, schools, teachers, users } from '../../worker/db/schema';
import { wasmArgon2id } from '../../worker/lib/argon2-wasm';
import { parsePhc, phcHasher } from '../../worker/lib/password';

/** The Worker's hasher, its WebAssembly read from the package as wrangler bundles it. */
const wasmFile = readFileSync(createRequire(import.meta.url).resolve('@phi-ag/argon2/argon2.wasm'));
// The Worker's types leave out compiling from bytes (workerd refuses it); Node compiles them.
const compile = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const workerHasher = phcHasher(wasmArgon2id(new compile(wasmFile)));

describe('libSQL driver in Node', () => {
  it('applies the migrations and runs real queries; a failing batch leaves nothing', async () => {
    const { db, meter } = await openLibsql(':memory:');
    const tables = await db.all<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' order by name",
    );
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'schools',
        'users',
        'students',
        'attendance_registers',
        'attendance_marks',
        'important_dates',
        'fee_receipts',
      ]),
    );

    await db.insert(schools).values({ id: 's1', name: 'One', code: 'ONE' });
    const before = meter.roundTrips;
    await expect(
      db.batch([
        db.insert(departments).values({ schoolId: 's1', name: 'Library' }),
        db.insert(departments).values({ schoolId: 's1', name: 'Library' }),
      ]),
    ).rejects.toThrow();
    expect(meter.roundTrips - before).toBe(1);
    const [{ n }] = await db.select({ n: count() }).from(departments);
    expect(n).toBe(0);
  });

  it('writes thousands of rows in a few JSON statements, with schema defaults and JSON columns', async () => {
    const { db, meter } = await openLibsql(':memory:');
    await db.insert(schools).values({ id: 's1', name: 'One', code: 'ONE' });
    const people = Array.from({ length: 3000 }, (_, i) => ({
      id: `u${i}`,
      schoolId: 's1',
      role: 'teacher' as const,
      name: `Teacher ${i}`,
      email: `t${i}@example.org`,
      passwordHash: 'x',
    }));
    const statements = jsonInserts(db, users, people);
    expect(statements.length).toBeLessThan(5);
    const trips = meter.roundTrips;
    await db.batch(statements as [never]);
    expect(meter.roundTrips - trips).toBe(1);
    await db.batch(
      jsonInserts(db, teachers, [
        { schoolId: 's1', userId: 'u7', subjects: ['Mathematics', 'Physics'], isActive: false },
      ]) as [never],
    );
    const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, 'u7'));
    expect(teacher.subjects).toEqual(['Mathematics', 'Physics']);
    expect(teacher.isActive).toBe(false);
    expect(teacher.department).toBe('Teaching');
    expect(teacher.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const some = await db
      .select({ id: users.id })
      .from(users)
      .where(inJson(users.id, ['u1', 'u2', 'u2999', 'nope']));
    expect(some.map((r) => r.id).sort()).toEqual(['u1', 'u2', 'u2999']);
  });
});

describe('argon2id: the Worker implementation and @node-rs/argon2 agree', () => {
  it('a hash made by the Worker implementation verifies with @node-rs/argon2, and the other way round', async () => {
    const wide = 'पासवर्ड-كلمة-🔑';
    expect(await verify(await workerHasher.hash(wide), wide)).toBe(true);
    const fromWorker = await workerHasher.hash('s3cret-Passw0rd');
    expect(fromWorker).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verify(fromWorker, 's3cret-Passw0rd')).toBe(true);
    expect(await verify(fromWorker, 's3cret-passw0rd')).toBe(false);

    const fromNative = await nodeHasher.hash('s3cret-Passw0rd');
    expect(await workerHasher.verify(fromNative, 's3cret-Passw0rd')).toBe(true);
    expect(await workerHasher.verify(fromNative, 'wrong')).toBe(false);
    expect(await workerHasher.verify('not-a-phc-string', 'anything')).toBe(false);
  });

  it('refuses a stored hash naming costs past what a Worker can give, before taking any memory', async () => {
    const made = await nodeHasher.hash('s3cret-Passw0rd');
    const costing = (cost: string) => made.replace('m=19456,t=2,p=1', cost);
    // Stronger costs within the limits still verify (a hash @node-rs/argon2 made with them).
    const stronger = await hash('s3cret-Passw0rd', { memoryCost: 47_104, timeCost: 1, parallelism: 1 });
    expect(await workerHasher.verify(stronger, 's3cret-Passw0rd')).toBe(true);
    for (const cost of [
      'm=4194304,t=2,p=1',
      'm=65537,t=2,p=1',
      'm=19456,t=17,p=1',
      'm=19456,t=0,p=1',
      'm=19456,t=2,p=9',
      'm=7,t=2,p=1',
    ]) {
      expect(parsePhc(costing(cost)), cost).toBeNull();
      expect(await workerHasher.verify(costing(cost), 's3cret-Passw0rd'), cost).toBe(false);
    }
  });
});

describe('jsonInserts as an upsert', () => {
  it('composes with onConflictDoUpdate: a second write replaces the rows it meets and keeps their ids', async () => {
    const { db, meter } = await openLibsql(':memory:');
    await db.insert(schools).values({ id: 's1', name: 'One', code: 'ONE' });
    const rows = (description: string) =>
      Array.from({ length: 300 }, (_, i) => ({ schoolId: 's1', name: `Department ${i}`, description }));
    const upsert = (description: string) =>
      jsonInserts(db, departments, rows(description)).map((insert) =>
        insert
          .onConflictDoUpdate({
            target: [departments.schoolId, departments.name],
            set: { description: sql`excluded.description` },
          })
          .returning({ id: departments.id }),
      );
    const [first] = (await db.batch(upsert('first') as [never])) as unknown as { id: string }[][];
    const trips = meter.roundTrips;
    const [second] = (await db.batch(upsert('second') as [never])) as unknown as { id: string }[][];
    expect(meter.roundTrips - trips).toBe(1);
    expect(second.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());
    const all = await db.select().from(departments);
    expect(all).toHaveLength(300);
    expect(new Set(all.map((d) => d.description))).toEqual(new Set(['second']));
  });
});

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';

/** The Worker entry with two shards: `DB` (the directory and shard 0) and `DB_SHARD_1`. */
const sharded = { ...env, SHARDS: '2' };

async function call(path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const request = new Request(`http://portal.test${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as never, sharded, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, timing: res.headers.get('server-timing') ?? '', body: (await res.json()) as any };
}

async function school(name: string, shard?: number) {
  const adminEmail = `head@${name.toLowerCase()}.example`;
  const made = await call('/api/platform/schools', {
    method: 'POST',
    token: env.PLATFORM_TOKEN,
    json: { name, adminName: 'Head', adminEmail, adminPassword: 'a-long-password-1', shard },
  });
  expect(made.status).toBe(201);
  const signedIn = await call('/api/users/login', {
    method: 'POST',
    json: { email: adminEmail, password: 'a-long-password-1' },
  });
  expect(signedIn.status).toBe(200);
  return { schoolId: made.body.data.school._id as string, token: signedIn.body.data.token as string, signedIn };
}

const countIn = async (db: D1Database, sql: string, ...values: unknown[]) =>
  (
    (await db
      .prepare(sql)
      .bind(...values)
      .first<{ n: number }>()) as { n: number }
  ).n;

/** The shard a new school goes to unless one is named: the one holding the fewest schools (the first of a tie). */
async function emptiestShard() {
  const held = await Promise.all(
    [0, 1].map((shard) => countIn(env.DB, 'select count(*) as n from school_shards where shard = ?', shard)),
  );
  return held.indexOf(Math.min(...held));
}

// The suite's files share their databases, so the shards already hold other files' schools.
describe('two D1 shards inside workerd', () => {
  it("places a school on the emptiest shard or the one named, routes each request to its school's shard, and keeps other schools' ids out", async () => {
    const emptiest = await emptiestShard();
    const a = await school('Alder');
    const b = await school('Birch', 1 - emptiest);
    const [dbA, dbB] = emptiest === 0 ? [env.DB, env.DB_SHARD_1] : [env.DB_SHARD_1, env.DB];
    expect(await countIn(dbA, 'select count(*) as n from schools where id = ?', a.schoolId)).toBe(1);
    expect(await countIn(dbB, 'select count(*) as n from schools where id = ?', b.schoolId)).toBe(1);
    expect(await countIn(dbA, 'select count(*) as n from schools where id = ?', b.schoolId)).toBe(0);
    expect(b.signedIn.timing).toMatch(/directory;desc="\d+"/);

    const teacher = await call('/api/teachers', {
      method: 'POST',
      token: b.token,
      json: { name: 'Tara', email: 'tara@birch.example', password: 'a-long-password-1', phone: '1' },
    });
    expect(teacher.status).toBe(201);
    const teacherId = teacher.body.data.teacher._id as string;
    expect(await countIn(dbB, 'select count(*) as n from teachers where id = ?', teacherId)).toBe(1);
    expect(await countIn(dbA, 'select count(*) as n from teachers where id = ?', teacherId)).toBe(0);
    expect(
      await countIn(
        env.DB,
        'select count(*) as n from sign_in_emails where email = ? and school_id = ?',
        'tara@birch.example',
        b.schoolId,
      ),
    ).toBe(1);

    expect((await call(`/api/teachers/${teacherId}`, { token: b.token })).status).toBe(200);
    expect((await call(`/api/teachers/${teacherId}`, { token: a.token })).status).toBe(404);
    const copy = await call('/api/teachers', {
      method: 'POST',
      token: a.token,
      json: { name: 'Copy', email: 'tara@birch.example', password: 'a-long-password-1', phone: '1' },
    });
    expect(copy.status).toBe(409);
    const tara = await call('/api/users/login', {
      method: 'POST',
      json: { email: 'tara@birch.example', password: 'a-long-password-1' },
    });
    expect(tara.status).toBe(200);
    expect(tara.body.data.teacher._id).toBe(teacherId);
  });
});

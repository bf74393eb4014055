import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Shards } from '../../worker/db/directory';
import { backups, importantDates, schools, signInEmails, users } from '../../worker/db/schema';
import type { Platform } from '../../worker/lib/context';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import { createTestApp, createTestSchool, json, PASSWORD, signIn, type TestApp, unique } from '../support/app';
import { createClass, createStudent } from '../support/factories';
import { failingLastStatement, schoolDigest } from '../support/faults';
import { enrolment } from '../support/students';

type Body = { success: boolean; error?: string; data?: any };

// With two shards the schools written to live on shard 1, apart from the directory's database.
describe.each([1, 2])('with %i shard(s)', (shardCount) => {
  let t: TestApp;
  let openDatabase: Platform['openDatabase'];
  let openShard: Shards['open'] | undefined;
  let publish: Platform['publish'];
  const shard = shardCount - 1;

  beforeAll(async () => {
    t = await createTestApp({ shards: shardCount });
    openDatabase = t.platform.openDatabase;
    openShard = t.platform.shards?.open;
    publish = t.platform.publish;
  });

  /** Every database's last statement of a batch fails from now on (a lost connection half way). */
  function breakDatabases() {
    t.platform.openDatabase = (meter) => failingLastStatement(openDatabase(meter));
    if (t.platform.shards && openShard) {
      const open = openShard;
      t.platform.shards.open = (n, meter) => failingLastStatement(open(n, meter));
    }
  }

  afterEach(() => {
    t.platform.openDatabase = openDatabase;
    if (t.platform.shards && openShard) t.platform.shards.open = openShard;
    t.platform.publish = publish;
  });

  async function adminOf() {
    const school = await createTestSchool(t, undefined, shard);
    const classId = await createClass(t, school.schoolId);
    return { ...school, classId, token: await signIn(t, school.adminEmail) };
  }

  const today = () => new Date().toISOString().slice(0, 10);

  describe('a write that fails half way leaves nothing', () => {
    it('enrolment, a new teacher, a date, a school change and a restore each roll back as a whole', async () => {
      const w = await adminOf();
      await createStudent(t, w.schoolId, { classId: w.classId, name: 'Already Here' });
      const backup = await json<Body>(
        await t.request('/api/settings/backup', { method: 'POST', token: w.token, json: {} }),
      );
      await createStudent(t, w.schoolId, { classId: w.classId, name: 'Enrolled After The Backup' });
      const before = await schoolDigest(await t.dbOf(w.schoolId), w.schoolId);
      const eventsBefore = t.publisher.events.length;

      breakDatabases();
      const writes: [string, RequestInit & { json?: unknown }, number][] = [
        ['/api/students', { method: 'POST', json: enrolment(w.classId) }, 500],
        [
          '/api/auth/create-teacher',
          {
            method: 'POST',
            json: { name: 'Half Way', email: `${unique('half')}@example.org`, password: PASSWORD, phone: '1' },
          },
          500,
        ],
        [
          '/api/important-dates',
          { method: 'POST', json: { title: 'Never stored', date: today(), type: 'event', applyToAllClasses: true } },
          500,
        ],
        ['/api/settings/school-info', { method: 'PUT', json: { name: 'Renamed Half Way' } }, 500],
        [`/api/settings/backup/${backup.data._id}/restore`, { method: 'POST' }, 422],
      ];
      for (const [path, init, status] of writes) {
        const res = await t.request(path, { ...init, token: w.token });
        expect(res.status, path).toBe(status);
        expect((await json<Body>(res)).success).toBe(false);
      }
      t.platform.openDatabase = openDatabase;
      if (t.platform.shards && openShard) t.platform.shards.open = openShard;

      expect(await schoolDigest(await t.dbOf(w.schoolId), w.schoolId)).toBe(before);
      // Events go out only after a commit.
      expect(t.publisher.events.length).toBe(eventsBefore);
    });

    it.runIf(shardCount > 1)('an account write whose shard fails gives its claimed emails back', async () => {
      const w = await adminOf();
      const claims = () => t.db.select().from(signInEmails).where(eq(signInEmails.schoolId, w.schoolId));
      const before = await claims();
      const open = openShard as Shards['open'];
      (t.platform.shards as Shards).open = (n, meter) => failingLastStatement(open(n, meter));
      const email = `${unique('half')}@example.org`;
      const res = await t.request('/api/auth/create-teacher', {
        method: 'POST',
        token: w.token,
        json: { name: 'Half Way', email, password: PASSWORD, phone: '1' },
      });
      expect(res.status).toBe(500);
      expect(await claims()).toEqual(before);
    });

    it('an enrolment whose last parent has a taken email leaves no account behind', async () => {
      const w = await adminOf();
      const taken = `${unique('taken')}@example.org`.toLowerCase();
      const other = await createTestSchool(t, undefined, 0);
      await (await t.dbOf(other.schoolId)).update(users).set({ email: taken }).where(eq(users.email, other.adminEmail));
      if (shardCount > 1)
        await t.db.update(signInEmails).set({ email: taken }).where(eq(signInEmails.email, other.adminEmail));
      const before = await schoolDigest(await t.dbOf(w.schoolId), w.schoolId);
      const res = await t.request('/api/students', {
        method: 'POST',
        token: w.token,
        json: enrolment(w.classId, {
          parentInfo: {
            fatherName: 'Ravi Rao',
            fatherEmail: `${unique('father')}@example.org`,
            fatherPassword: 'father-pw-1',
            motherName: 'Meera Rao',
            motherEmail: taken,
            motherPassword: 'mother-pw-1',
          },
        }),
      });
      expect(res.status).toBe(409);
      expect(await schoolDigest(await t.dbOf(w.schoolId), w.schoolId)).toBe(before);
    });
  });

  describe('a restore of a corrupt or foreign backup is refused and changes nothing', () => {
    async function withBackup() {
      const w = await adminOf();
      await createStudent(t, w.schoolId, { classId: w.classId });
      const created = await json<Body>(
        await t.request('/api/settings/backup', { method: 'POST', token: w.token, json: {} }),
      );
      const [row] = await (await t.dbOf(w.schoolId)).select().from(backups).where(eq(backups.id, created.data._id));
      const original = new Uint8Array(await (await t.platform.files!.get(row.storageKey))!.arrayBuffer());
      const text = await new Response(
        new Blob([original]).stream().pipeThrough(new DecompressionStream('gzip')),
      ).text();
      // Data changes after the backup, so a restore that went through would show.
      await createStudent(t, w.schoolId, { classId: w.classId });
      return {
        ...w,
        backupId: created.data._id as string,
        snapshot: () => JSON.parse(text),
        store: (bytes: Uint8Array) => t.platform.files!.put(row.storageKey, bytes),
        gzipText: async (value: string) =>
          new Uint8Array(
            await new Response(new Blob([value]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
          ),
        original,
      };
    }

    it('refuses a truncated file, truncated JSON, another format or version, and rows that do not fit', async () => {
      const w = await withBackup();
      const other = await createTestSchool(t);
      const before = await schoolDigest(await t.dbOf(w.schoolId), w.schoolId);
      const damaged = 'The backup file is damaged and cannot be restored';
      const json_ = JSON.stringify(w.snapshot());
      const cases: [string, () => Promise<Uint8Array>, string][] = [
        ['truncated gzip', async () => w.original.slice(0, Math.floor(w.original.length / 2)), damaged],
        ['truncated JSON', () => w.gzipText(json_.slice(0, Math.floor(json_.length * 0.7))), damaged],
        ['not JSON at all', () => w.gzipText('hello'), damaged],
        ['another format', () => encodeSnapshot({ ...w.snapshot(), format: 'something-else' }), damaged],
        ['a future version', () => encodeSnapshot({ ...w.snapshot(), version: 2 }), damaged],
        [
          'a table that is not a list',
          () => encodeSnapshot({ ...w.snapshot(), tables: { ...w.snapshot().tables, students: 'none' } }),
          damaged,
        ],
        [
          'a person without a name',
          async () => {
            const s = w.snapshot();
            s.tables.users[0].name = null;
            return encodeSnapshot(s);
          },
          damaged,
        ],
        [
          'two accounts of one email',
          async () => {
            const s = w.snapshot();
            s.tables.users.push({ ...s.tables.users[0], id: crypto.randomUUID() });
            return encodeSnapshot(s);
          },
          damaged,
        ],
        [
          "a row of another school's",
          async () => {
            const s = w.snapshot();
            s.tables.students[0].schoolId = other.schoolId;
            return encodeSnapshot(s);
          },
          'This backup belongs to another school and cannot be restored here',
        ],
        [
          "another school's backup",
          async () => encodeSnapshot({ ...w.snapshot(), schoolId: other.schoolId }),
          'This backup belongs to another school and cannot be restored here',
        ],
      ];
      for (const [name, make, error] of cases) {
        await w.store(await make());
        const res = await t.request(`/api/settings/backup/${w.backupId}/restore`, { method: 'POST', token: w.token });
        expect(res.status, name).toBe(422);
        expect((await json<Body>(res)).error, name).toBe(error);
        expect(await schoolDigest(await t.dbOf(w.schoolId), w.schoolId), name).toBe(before);
      }

      // The untouched file still restores.
      await w.store(w.original);
      const res = await t.request(`/api/settings/backup/${w.backupId}/restore`, { method: 'POST', token: w.token });
      expect(res.status).toBe(200);
      expect(await schoolDigest(await t.dbOf(w.schoolId), w.schoolId)).not.toBe(before);
    });
  });

  describe('a backup older than the month the year starts, or one with a month that is none', () => {
    it('restores and leaves the school’s month as it is', async () => {
      const w = await (async () => {
        const admin = await adminOf();
        const created = await json<Body>(
          await t.request('/api/settings/backup', { method: 'POST', token: admin.token, json: {} }),
        );
        const [row] = await (await t.dbOf(admin.schoolId))
          .select()
          .from(backups)
          .where(eq(backups.id, created.data._id));
        const bytes = new Uint8Array(await (await t.platform.files!.get(row.storageKey))!.arrayBuffer());
        const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
        return { ...admin, backupId: created.data._id as string, key: row.storageKey, snapshot: JSON.parse(text) };
      })();
      const put = { method: 'PUT', token: w.token, json: { yearStartMonth: 4 } };
      for (const month of [undefined, 99, '4'] as const) {
        await t.request('/api/settings/school-info', put);
        const { yearStartMonth: _dropped, ...school } = w.snapshot.school;
        const snapshot = { ...w.snapshot, school: month === undefined ? school : { ...school, yearStartMonth: month } };
        await t.platform.files!.put(w.key, await encodeSnapshot(snapshot));
        const res = await t.request(`/api/settings/backup/${w.backupId}/restore`, { method: 'POST', token: w.token });
        expect(res.status, String(month)).toBe(200);
        w.token = (await json<Body>(res)).data.token as string;
        put.token = w.token;
        const [row] = await (await t.dbOf(w.schoolId)).select().from(schools).where(eq(schools.id, w.schoolId));
        expect(row.yearStartMonth, String(month)).toBe(4);
      }
    });
  });

  describe('the real-time room going away never fails a write', () => {
    const cases: [string, Platform['publish']][] = [
      [
        'a publisher that rejects',
        async () => {
          throw new TypeError('fetch failed');
        },
      ],
      [
        'a publisher that throws at once',
        () => {
          throw new Error('room is gone');
        },
      ],
    ];
    it.each(cases)('%s: the date is created, changed and deleted all the same', async (_name, broken) => {
      const w = await adminOf();
      const logged = t.logs.length;
      t.platform.publish = broken;
      const created = await t.request('/api/important-dates', {
        method: 'POST',
        token: w.token,
        json: { title: 'Sports day', date: today(), type: 'event', applyToAllClasses: true },
      });
      expect(created.status).toBe(201);
      const id = (await json<Body>(created)).data._id as string;
      const updated = await t.request(`/api/important-dates/${id}`, {
        method: 'PUT',
        token: w.token,
        json: { title: 'Sports day (moved)' },
      });
      expect(updated.status).toBe(200);
      const [row] = await (await t.dbOf(w.schoolId)).select().from(importantDates).where(eq(importantDates.id, id));
      expect(row.title).toBe('Sports day (moved)');
      expect((await t.request(`/api/important-dates/${id}`, { method: 'DELETE', token: w.token })).status).toBe(200);
      expect(await (await t.dbOf(w.schoolId)).select().from(importantDates).where(eq(importantDates.id, id))).toEqual(
        [],
      );

      const warnings = t.logs.slice(logged).filter((line) => line.includes('real-time delivery failed'));
      expect(warnings).toHaveLength(3);
      expect(JSON.parse(warnings[0])).toMatchObject({ level: 'warn', event: 'important_date_created' });
    });
  });
});

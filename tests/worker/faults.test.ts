import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { newId } from '../../worker/db/schema/columns';
import type { Platform } from '../../worker/lib/context';
import { recordingPublisher } from '../../worker/lib/events';
import { memoryFileStore } from '../../worker/lib/files';
import { roomPublisher } from '../../worker/lib/realtime';
import { workerHasher } from '../../worker/lib/worker-hasher';
import { createSchool } from '../../worker/modules/platform/service';
import { failingLastStatement, schoolDigest } from '../support/faults';

const db = d1Database(env.DB, new DbMeter());

/** The app over D1 inside workerd; `broken` makes every writing batch end with a failing statement. */
function appOverD1() {
  const state = { broken: false };
  const publisher = recordingPublisher();
  const platform: Platform = {
    openDatabase: (meter) =>
      state.broken ? failingLastStatement(d1Database(env.DB, meter)) : d1Database(env.DB, meter),
    hasher: workerHasher,
    publish: publisher,
    files: memoryFileStore(),
    now: () => new Date(),
    log: () => {},
    config: { jwtSecret: env.JWT_SECRET, allowedOrigins: [] },
  };
  return { app: createApp(platform), state, publisher };
}

describe('a write that fails half way on D1', () => {
  it('leaves no row of its earlier statements, and publishes nothing', async () => {
    const { app, state, publisher } = appOverD1();
    const email = `half.${newId()}@d1.example`;
    const { school } = await createSchool(db, workerHasher, {
      name: 'Half Way School',
      adminName: 'Hal',
      adminEmail: email,
      adminPassword: 'secret-pass',
    });
    const login = await app.request('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const call = (path: string, method: string, body: unknown) =>
      app.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const before = await schoolDigest(db, school._id);
    state.broken = true;
    const date = await call('/api/important-dates', 'POST', {
      title: 'Never stored',
      date: '2026-01-15',
      type: 'event',
      applyToAllClasses: true,
    });
    expect(date.status).toBe(500);
    const teacher = await call('/api/auth/create-teacher', 'POST', {
      name: 'Half Way',
      email: `teacher.${newId()}@d1.example`,
      password: 'secret-pass',
      phone: '1',
    });
    expect(teacher.status).toBe(500);
    const info = await call('/api/settings/school-info', 'PUT', { name: 'Renamed Half Way' });
    expect(info.status).toBe(500);
    state.broken = false;

    expect(await schoolDigest(db, school._id)).toBe(before);
    expect(publisher.events).toEqual([]);

    // The same write goes through once the database is whole.
    expect(
      (await call('/api/important-dates', 'POST', { title: 'Stored', date: '2026-01-15', type: 'event' })).status,
    ).toBe(201);
    expect(publisher.events).toHaveLength(1);
  });
});

describe('a room that is gone', () => {
  const event = { type: 'important_date_created', data: {} } as never;

  it('a namespace that cannot find the room: the publish resolves and the failure is logged', async () => {
    const lines: string[] = [];
    const School = {
      idFromName() {
        throw new Error('Durable Object namespace unavailable');
      },
    };
    await expect(roomPublisher({ ...env, School } as never, (line) => lines.push(line))(newId(), event)).resolves.toBe(
      undefined,
    );
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'warn', message: 'real-time delivery failed' });
  });

  it('a room whose calls are rejected: the publish resolves and the failure is logged', async () => {
    const lines: string[] = [];
    const gone = () => Promise.reject(new Error('Durable Object reset because its code was updated'));
    const School = {
      idFromName: (name: string) => ({ name, toString: () => name }),
      get: () => ({ fetch: gone, setName: gone, deliver: gone }),
    };
    await expect(roomPublisher({ ...env, School } as never, (line) => lines.push(line))(newId(), event)).resolves.toBe(
      undefined,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/Durable Object reset/);
  });
});

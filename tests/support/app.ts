import { openLibsql } from '../../scripts/lib/libsql-db';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { packageFonts } from '../../scripts/lib/pdf-fonts';
import { createApp } from '../../worker/app';
import type { Database } from '../../worker/db/database';
import { type Directory, openDirectory, reserveShardKeys } from '../../worker/db/directory';
import { libsqlDatabase } from '../../worker/db/libsql';
import { DbMeter } from '../../worker/db/meter';
import { currentAcademicYear } from '../../worker/lib/academic-year';
import type { Platform } from '../../worker/lib/context';
import { recordingPublisher } from '../../worker/lib/events';
import { memoryFileStore } from '../../worker/lib/files';
import type { Mailer } from '../../worker/lib/mail/index';
import { createSchool } from '../../worker/modules/platform/service';
import { observeAnswer, reportViolations } from './contract-check';
import { recordingMail } from './mail';

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const PLATFORM_TOKEN = 'test-platform-token';
export const PASSWORD = 'correct-horse-1';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** The directory's database, which is also shard 0's (the only one unless `shards` was given). */
  db: Database;
  /** Every shard's database, by shard. */
  shards: Database[];
  directory: Directory;
  /** The database a school lives in. */
  dbOf(schoolId: string): Promise<Database>;
  platform: Platform & { mail: Mailer };
  /** The e-mail the app sends (kept, not sent) and the senders it wakes. */
  mail: ReturnType<typeof recordingMail>;
  publisher: ReturnType<typeof recordingPublisher>;
  clock: { now: Date };
  /** Every line the app logged. */
  logs: string[];
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
}

/**
 * The real app over a real, migrated SQLite database (libSQL in memory), with a clock tests can move. Every answer
 * is checked against its call's contract (`contract-check.ts`).
 */
export async function createTestApp(
  options: Partial<Platform['config']> & {
    /** Schools' databases (libSQL each); the directory shares shard 0's. */
    shards?: number;
  } = {},
): Promise<TestApp> {
  const { shards: shardCount = 1, ...overrides } = options;
  const clients = await Promise.all(
    Array.from({ length: shardCount }, async (_, shard) => {
      const opened = await openLibsql(':memory:');
      await reserveShardKeys(opened.db, shard);
      return opened.client;
    }),
  );
  const [client] = clients;
  const publisher = recordingPublisher();
  const clock = { now: new Date() };
  const logs: string[] = [];
  const mail = recordingMail();
  const platform: Platform & { mail: Mailer } = {
    openDatabase: (meter) => libsqlDatabase(client, meter),
    shards:
      shardCount > 1
        ? { count: shardCount, open: (shard, meter) => libsqlDatabase(clients[shard], meter), directoryShard: 0 }
        : undefined,
    hasher: nodeHasher,
    publish: publisher,
    files: memoryFileStore(),
    fonts: packageFonts,
    mail: mail.mailer,
    now: () => new Date(clock.now.getTime()),
    log: (line) => logs.push(line),
    observe: observeAnswer,
    config: {
      jwtSecret: JWT_SECRET,
      allowedOrigins: ['https://admin.example.org'],
      platformToken: PLATFORM_TOKEN,
      ...overrides,
    },
  };
  const app = createApp(platform);
  const meter = new DbMeter();
  const db = libsqlDatabase(client, meter);
  const directory = openDirectory(db, platform.shards, meter);
  return {
    app,
    db,
    shards: clients.map((c, i) => (i === 0 ? db : libsqlDatabase(c, meter))),
    directory,
    async dbOf(schoolId) {
      const found = await directory.schoolDatabase(schoolId);
      if (!found) throw new Error(`the directory knows no school ${schoolId}`);
      return found;
    },
    platform,
    mail,
    publisher,
    clock,
    logs,
    request(path, init = {}) {
      const { token, json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (token) h.set('Authorization', `Bearer ${token}`);
      let body = rest.body;
      if (json !== undefined) {
        h.set('Content-Type', 'application/json');
        body = JSON.stringify(json);
      }
      return Promise.resolve(app.request(path, { ...rest, headers: h, body })).then((res) => {
        reportViolations();
        return res;
      });
    },
  };
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** The academic year a school made by `createTestSchool` starts in (UTC, a September year), by today's date. */
export const THIS_YEAR = currentAcademicYear(new Date(), 'UTC', 9);

/** A new school with its administrator (on the shard named, else the emptiest); answers ids and credentials. */
export async function createTestSchool(t: TestApp, name = unique('School'), shard?: number) {
  const adminEmail = `${unique('admin')}@example.org`.toLowerCase();
  const result = await createSchool(
    t.directory,
    nodeHasher,
    {
      name,
      adminName: 'Ada Admin',
      adminEmail,
      adminPassword: PASSWORD,
    },
    t.clock.now,
    { shard },
  );
  return { schoolId: result.school._id, name, adminEmail, adminId: result.admin._id };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD, path = '/api/users/login') {
  const res = await t.request(path, { method: 'POST', json: { email, password } });
  const body = (await res.json()) as { data?: { token: string }; token?: string };
  const token = body.token ?? body.data?.token;
  if (res.status !== 200 || !token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return token;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export function roundTrips(res: Response): number {
  const match = /db;desc="(\d+)"/.exec(res.headers.get('server-timing') ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

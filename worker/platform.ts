import { createClient } from '@libsql/client/web';
import { d1Database } from './db/d1';
import type { Shards } from './db/directory';
import { libsqlDatabase } from './db/libsql';
import type { Env } from './env';
import type { Platform } from './lib/context';
import type { FileStore } from './lib/files';
import { type MailConfig, mailConfigFrom } from './lib/mail/config';
import type { Mailer } from './lib/mail/index';
import { smtpTransport } from './lib/mail/smtp';
import { assetFonts } from './lib/pdf-fonts';
import { pushConfigFrom } from './lib/push/config';
import { roomPublisher } from './lib/realtime';
import { workerHasher } from './lib/worker-hasher';

const log = (line: string) => console.log(line);
/** A read may rest on a session check this recent; a sign-out reaches every isolate within this time. */
const SESSION_REUSE_MS = 5_000;

/**
 * Shards 1 to N-1 beside the directory's database (shard 0): with `SHARDS` = N, the D1 bindings `DB_SHARD_1`…,
 * or with libSQL the URLs in `LIBSQL_SHARD_URLS` (comma-separated, the same auth token). Unset: one database.
 */
function shardsFrom(env: Env): Shards | undefined {
  const count = Number(env.SHARDS ?? 1);
  if (!Number.isInteger(count) || count <= 1) return undefined;
  const urls = (env.LIBSQL_SHARD_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const libsql = env.LIBSQL_URL ? urls.map((url) => createClient({ url, authToken: env.LIBSQL_AUTH_TOKEN })) : null;
  const bindings = env as unknown as Record<string, D1Database | undefined>;
  for (let shard = 1; shard < count; shard++) {
    if (libsql ? !libsql[shard - 1] : !bindings[`DB_SHARD_${shard}`])
      throw new Error(`SHARDS is ${count} but shard ${shard} has no database`);
  }
  return {
    count,
    directoryShard: 0,
    open: (shard, meter) =>
      libsql
        ? libsqlDatabase(libsql[shard - 1], meter)
        : d1Database(bindings[`DB_SHARD_${shard}`] as D1Database, meter),
  };
}

/** Hosted schools use libSQL (Turso) when LIBSQL_URL is set; otherwise the D1 binding DB. */
export function platformFrom(env: Env): Platform {
  const libsql = env.LIBSQL_URL ? createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }) : null;
  return {
    openDatabase: (meter) => (libsql ? libsqlDatabase(libsql, meter) : d1Database(env.DB, meter)),
    shards: shardsFrom(env),
    hasher: workerHasher,
    publish: roomPublisher(env, log),
    files: (env.FILES as unknown as FileStore | undefined) ?? null,
    fonts: assetFonts(env.ASSETS),
    now: () => new Date(),
    log,
    mail: workerMailer(env, mailConfigFrom(env)),
    config: {
      jwtSecret: env.JWT_SECRET,
      allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      platformToken: env.PLATFORM_TOKEN || undefined,
      sessionReuseMs: SESSION_REUSE_MS,
      portalUrl: env.PORTAL_URL || undefined,
      vapidPublicKey: pushConfigFrom(env)?.publicKey,
      reportJobCells: Number(env.REPORT_JOB_CELLS) > 0 ? Number(env.REPORT_JOB_CELLS) : undefined,
    },
  };
}

/** The Worker's mailer: SMTP when configured, and each school's sender (`SchoolMail`) woken by the school's id. */
function workerMailer(env: Env, config: MailConfig | null): Mailer {
  return {
    configured: config !== null,
    transport: config ? smtpTransport(config) : null,
    async wake(schoolId) {
      // The same sender pushes: it is woken when either channel can leave.
      if (!config && !pushConfigFrom(env)) return;
      await env.SchoolMail.get(env.SchoolMail.idFromName(schoolId)).wake(schoolId);
    },
  };
}

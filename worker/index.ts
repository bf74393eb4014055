import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { d1Database } from './db/d1';
import { libsqlDatabase } from './db/libsql';
import type { Env } from './env';
import type { Platform } from './lib/context';
import { recordingPublisher } from './lib/events';
import type { FileStore } from './lib/files';
import { workerHasher } from './lib/password';

export { SchoolRoom } from '../party/school-room';

/** Hosted schools use libSQL (Turso) when LIBSQL_URL is set; otherwise the D1 binding DB. */
function platformFrom(env: Env): Platform {
  const libsql = env.LIBSQL_URL ? createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }) : null;
  return {
    openDatabase: (meter) => (libsql ? libsqlDatabase(libsql, meter) : d1Database(env.DB, meter)),
    hasher: workerHasher,
    publish: recordingPublisher(),
    files: (env.FILES as unknown as FileStore | undefined) ?? null,
    now: () => new Date(),
    config: {
      jwtSecret: env.JWT_SECRET,
      allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      platformToken: env.PLATFORM_TOKEN || undefined,
    },
  };
}

let cached: { env: Env; app: ReturnType<typeof createApp> } | null = null;

function appFor(env: Env) {
  if (!cached || cached.env !== env) cached = { env, app: createApp(platformFrom(env)) };
  return cached.app;
}

export default {
  async fetch(request, env, ctx) {
    return appFor(env).fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;

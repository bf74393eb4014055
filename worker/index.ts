import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { d1Database } from './db/d1';
import { libsqlDatabase } from './db/libsql';
import { DbMeter } from './db/meter';
import type { Env } from './env';
import type { Platform } from './lib/context';
import type { FileStore } from './lib/files';
import { workerHasher } from './lib/password';
import { assetFonts } from './lib/pdf-fonts';
import { roomPublisher, routeRealtime } from './lib/realtime';

export { SchoolRoom } from '../party/school-room';

const log = (line: string) => console.log(line);
/** A read may rest on a session check this recent; a sign-out reaches every isolate within this time. */
const SESSION_REUSE_MS = 5_000;

/** Hosted schools use libSQL (Turso) when LIBSQL_URL is set; otherwise the D1 binding DB. */
function platformFrom(env: Env): Platform {
  const libsql = env.LIBSQL_URL ? createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }) : null;
  return {
    openDatabase: (meter) => (libsql ? libsqlDatabase(libsql, meter) : d1Database(env.DB, meter)),
    hasher: workerHasher,
    publish: roomPublisher(env, log),
    files: (env.FILES as unknown as FileStore | undefined) ?? null,
    fonts: assetFonts(env.ASSETS),
    now: () => new Date(),
    log,
    config: {
      jwtSecret: env.JWT_SECRET,
      allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      platformToken: env.PLATFORM_TOKEN || undefined,
      sessionReuseMs: SESSION_REUSE_MS,
    },
  };
}

let cached: { env: Env; platform: Platform; app: ReturnType<typeof createApp> } | null = null;

function forEnv(env: Env) {
  if (!cached || cached.env !== env) {
    const platform = platformFrom(env);
    cached = { env, platform, app: createApp(platform) };
  }
  return cached;
}

export default {
  async fetch(request, env, ctx) {
    const { platform, app } = forEnv(env);
    if (new URL(request.url).pathname.startsWith('/parties/')) {
      return routeRealtime(request, env, {
        db: platform.openDatabase(new DbMeter()),
        now: platform.now,
      });
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;

import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { d1Database } from './db/d1';
import { openDirectory, type Shards } from './db/directory';
import { libsqlDatabase } from './db/libsql';
import { DbMeter } from './db/meter';
import type { Env } from './env';
import type { Platform } from './lib/context';
import type { FileStore } from './lib/files';
import { acceptedLanguage, cookieLanguage, SOURCE_LANGUAGE } from './lib/languages';
import { workerHasher } from './lib/password';
import { assetFonts } from './lib/pdf-fonts';
import { roomPublisher, routeRealtime } from './lib/realtime';

export { SchoolRoom } from '../party/school-room';

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
function platformFrom(env: Env): Platform {
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

/** The sign-in pages the build draws once per language (`/login.html`, `/hi/login.html`, …). */
const SIGN_IN_PAGES = new Set(['/login', '/teacher-login', '/student-login', '/parent-login', '/forgot-password']);

/**
 * A sign-in page in the language this browser last showed (its `lang` cookie), else the first of its
 * `Accept-Language` the portal ships in, else English.
 */
async function signInPage(request: Request, assets: Fetcher): Promise<Response> {
  const language =
    cookieLanguage(request.headers.get('Cookie')) ?? acceptedLanguage(request.headers.get('Accept-Language'));
  const url = new URL(request.url);
  if (language && language !== SOURCE_LANGUAGE) url.pathname = `/${language}${url.pathname}`;
  // A form sent before the page's script ran posts here: it gets the page again, its body unread.
  const page = await assets.fetch(
    new Request(url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: request.headers }),
  );
  const response = new Response(page.body, page);
  response.headers.append('Vary', 'Cookie, Accept-Language');
  response.headers.set('Content-Language', language ?? SOURCE_LANGUAGE);
  return response;
}

export default {
  async fetch(request, env, ctx) {
    const { platform, app } = forEnv(env);
    const { pathname } = new URL(request.url);
    if (env.ASSETS && SIGN_IN_PAGES.has(pathname)) {
      return signInPage(request, env.ASSETS);
    }
    if (pathname.startsWith('/parties/')) {
      const meter = new DbMeter();
      const directory = openDirectory(platform.openDatabase(meter), platform.shards, meter);
      return routeRealtime(request, env, { schoolDatabase: directory.schoolDatabase, now: platform.now });
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;

import { createClient } from '@libsql/client/web';
import { createApp } from './app';
import { d1Database } from './db/d1';
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
      return routeRealtime(request, env, {
        db: platform.openDatabase(new DbMeter()),
        now: platform.now,
      });
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;

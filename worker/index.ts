import { createApp } from './app';
import { openDirectory } from './db/directory';
import { DbMeter } from './db/meter';
import type { Env } from './env';
import type { Platform } from './lib/context';
import { acceptedLanguage, cookieLanguage, SOURCE_LANGUAGE } from './lib/languages';
import { routeRealtime } from './lib/realtime';
import { runScheduledReminders } from './modules/homework';
import { runScheduledAlerts } from './modules/messages';
import { platformFrom } from './platform';

export { SchoolRoom } from '../party/school-room';
export { SchoolMail } from './mail-sender';

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
  /** The cron trigger (`wrangler.toml`): the timed absence alerts and the homework reminders that are due. */
  async scheduled(_controller, env, ctx) {
    const { platform } = forEnv(env);
    ctx.waitUntil(
      runScheduledAlerts(platform).then(({ schools, reached, withdrawn }) => {
        if (schools > 0)
          console.log(`absence alerts: ${schools} school(s), ${reached} made or updated, ${withdrawn} withdrawn`);
      }),
    );
    ctx.waitUntil(
      runScheduledReminders(platform).then(({ homework, reached }) => {
        if (homework > 0) console.log(`homework reminders: ${homework} homework, ${reached} student(s) reminded`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;

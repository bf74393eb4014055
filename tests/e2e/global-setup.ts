import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { localVapidLines } from '../../scripts/lib/vapid';
import { E2E_LANES } from './lanes';
import { CHROMIUM } from './support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the tests note the secrets they were given (tokens, tickets, temporary passwords), one a line. */
    secretsFile: string;
    /** One server per lane, each over its own database: a test file runs against its worker's lane. */
    lanes: {
      baseURL: string;
      secretsFile: string;
      /** The lane's local mail catcher's page and API (`GET /api/mails`), where its app's e-mails arrive. */
      mailURL: string;
      /** The lane's operator token (`POST /api/platform/schools`), for files that need a school of their own. */
      platformToken: string;
      /** The lane's browser, which its test files connect to (`launchBrowser`). */
      browserEndpoint?: string;
    }[];
  }
}

const HEALTH_TIMEOUT_MS = 120_000;
const root = join(import.meta.dirname, '..', '..');

/** The environment for child processes: vitest sets NODE_ENV=test, which would give a development build. */
function childEnv() {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`));
    });
  });
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The app stopped (exit ${child.exitCode}) before it was ready:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${log()}`);
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Passwords of the demo accounts, which the browser suite types into the sign-in forms. */
const DEMO_PASSWORDS = ['demo1234'];

/** Password hashes (argon2id, the temporary passwords' HMAC) and a token or live-connection ticket in a query. */
const SECRET_PATTERNS = [
  /Bearer\s/i,
  /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/,
  /"password"/i,
  /\$argon2/i,
  /\$hmac-sha256\$/i,
  /[?&](token|ticket)=[^&\s"']+/i,
];

/**
 * Lines of the server's output that give away a secret: a demo password, one the tests were given (`seen`), a
 * bearer header, a JWT, a password field or hash, a token or ticket in a URL. The start script's own banner lists
 * the demo accounts on purpose and is skipped.
 */
export function secretLines(log: string, seen: readonly string[] = []): string[] {
  const found: string[] = [];
  let inBanner = false;
  for (const line of log.split('\n')) {
    if (/School portal ready on/.test(line)) inBanner = true;
    else if (inBanner && line.trim() === '') inBanner = false;
    if (inBanner) continue;
    if (
      [...DEMO_PASSWORDS, ...seen].some((secret) => line.includes(secret)) ||
      SECRET_PATTERNS.some((pattern) => pattern.test(line))
    ) {
      found.push(line.slice(0, 300));
    }
  }
  return found;
}

/** A request the server took this long over is reported: it may have held others up, or been held up. */
const SLOW_REQUEST_MS = 5_000;

/**
 * Lines of the server's output about a failure of its own (a 5xx answered, an error logged, an uncaught exception)
 * and the requests it took more than `SLOW_REQUEST_MS` over.
 */
export function serverErrorLines(log: string): string[] {
  return log
    .split('\n')
    .filter(
      (line) =>
        /"status":5\d\d|"level":"error"|\[wrangler:error\]|✘ \[ERROR\]|Uncaught /.test(line) ||
        // The app's own line ("ms":N) or wrangler's, for requests the app never sees (a sign-in page, a file).
        Number((/"ms":(\d+)/.exec(line) ?? /^\[wrangler:info\] .* \((\d+)ms\)/.exec(line))?.[1] ?? 0) > SLOW_REQUEST_MS,
    )
    .map((line) => line.slice(0, 300));
}

/** Serves the whole app on a free port over a fresh database; the returned stop searches its output for secrets. */
async function startServer() {
  mkdirSync(join(root, '.e2e'), { recursive: true });
  const stateDir = mkdtempSync(join(root, '.e2e', 'run-'));
  const [port, mailPort, mailWebPort] = [await freePort(), await freePort(), await freePort()];
  // The server's secrets in a file of its own (never on its command line or in its output): a fresh JWT secret,
  // an operator token so a test can make a school of its own, and a VAPID key pair for Web Push. Reports above
  // 1,500 cells are made in the background, so that the demo school's whole directory (200 pupils) is one such.
  const platformToken = randomBytes(24).toString('hex');
  const envFile = `${stateDir}.env`;
  const secretsFile = `${stateDir}.secrets`;
  writeFileSync(
    envFile,
    `JWT_SECRET=${randomBytes(32).toString('hex')}\nPLATFORM_TOKEN=${platformToken}\nREPORT_JOB_CELLS=1500\n${localVapidLines()}`,
  );
  writeFileSync(secretsFile, `${platformToken}\n`);
  const child = spawn(
    'node',
    [
      'scripts/start.mjs',
      '--skip-build',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      stateDir,
      '--mail-port',
      String(mailPort),
      '--mail-web-port',
      String(mailWebPort),
      '--env-file',
      envFile,
    ],
    { cwd: root, env: childEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The whole output goes to a file that the teardown searches for secrets; the tail is kept for errors.
  const logFile = `${stateDir}.log`;
  let output = '';
  const collect = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseURL = `http://127.0.0.1:${port}`;
  const stopServer = async () => {
    await stop(child);
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(envFile, { force: true });
  };
  try {
    await waitForHealth(`${baseURL}/api/health`, child, () => output);
  } catch (error) {
    await stopServer();
    throw error;
  }

  /** Stops the server; answers the lines of its output that give away a secret. */
  const finish = async () => {
    await stopServer();
    const seen = existsSync(secretsFile) ? readFileSync(secretsFile, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(secretsFile, { force: true });
    const log = readFileSync(logFile, 'utf8');
    const leaks = secretLines(log, seen);
    // Printed only from a log that gives nothing away (else the run fails on its leaks, kept in the file).
    const errors = leaks.length === 0 ? serverErrorLines(log) : [];
    if (leaks.length === 0 && !process.env.E2E_KEEP_SERVER_LOG) rmSync(logFile, { force: true });
    return { logFile, leaks, errors };
  };
  return { baseURL, secretsFile, mailURL: `http://127.0.0.1:${mailWebPort}`, platformToken, finish };
}

/**
 * Builds the client once, serves the whole app once per lane (`E2E_LANES`, see vitest.config.ts), each over a
 * fresh database of its own, and tells the tests where.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) await run('npm', ['run', 'build']);

  const started = await Promise.allSettled(Array.from({ length: E2E_LANES }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.finish()));
    throw failed.reason;
  }
  // One browser per lane, for the whole run: starting Chromium for each file cost seconds a file on a busy machine.
  const browsers = await Promise.all(
    servers.map(() => chromium.launchServer({ ...CHROMIUM, host: '127.0.0.1' })),
  ).catch(async (error: unknown) => {
    await Promise.all(servers.map((server) => server.finish()));
    throw error;
  });
  const lanes = servers.map(({ baseURL, secretsFile, mailURL, platformToken }, i) => ({
    baseURL,
    secretsFile,
    mailURL,
    platformToken,
    browserEndpoint: browsers[i]?.wsEndpoint(),
  }));
  project.provide('lanes', lanes);
  project.provide('baseURL', lanes[0].baseURL);
  project.provide('secretsFile', lanes[0].secretsFile);

  return async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    for (const { logFile, leaks, errors } of await Promise.all(servers.map((server) => server.finish()))) {
      // A test that failed on a server error is explained here: the lines the server logged about it.
      if (errors.length > 0) {
        console.error(
          `The server (${logFile}) logged ${errors.length} failure(s) or slow request(s):\n${errors.slice(0, 30).join('\n')}`,
        );
      }
      if (leaks.length === 0) continue;
      // A teardown that throws does not fail the run; the exit code does.
      console.error(`The server's log holds ${leaks.length} line(s) with a secret (${logFile}):\n${leaks.join('\n')}`);
      process.exitCode = 1;
    }
  };
}

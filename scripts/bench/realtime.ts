/**
 * Real-time budget: one event reaches every connected administrator of a school quickly. Against a running app,
 * signs in, opens `sockets` WebSockets to the school's room exactly as the portal does, then creates an
 * all-school important date (which publishes `important_date_created`) and times, per socket, from sending the
 * request to receiving the event. Repeated `rounds` times; the worst round's p95 is held to the budget.
 * Run alone: `npx tsx scripts/bench/realtime.ts --base-url http://127.0.0.1:8787 --email … --password … [--sockets 500]`.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type BudgetRow, runAlone } from './budget';

const P95_BUDGET_MS = 200;
const DEFAULT_SOCKETS = 500;
const DEFAULT_ROUNDS = 5;
/** Sockets opened at once: each asks for a ticket and the Worker consumes it, so a burst of 500 is queued anyway. */
const OPEN_CONCURRENCY = 50;
const OPEN_TIMEOUT_MS = 60_000;
const EVENT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface RealtimeOptions {
  baseUrl: string;
  email: string;
  password: string;
  /** Connected sockets (500). */
  sockets?: number;
  /** Events sent one after another (5). */
  rounds?: number;
}

interface Round {
  latencies: number[];
  writeMs: number;
}

interface Listener {
  socket: WebSocket;
  /** Resolves with the time the awaited event arrived, in performance.now() milliseconds. */
  waiting: ((at: number, title: string) => void) | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

async function api<T>(baseUrl: string, path: string, init: RequestInit & { token?: string }): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(new URL(path, baseUrl), {
    ...init,
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
  if (!response.ok || !body?.success) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${body?.message ?? 'no message'}`);
  }
  return body.data as T;
}

/** Opens one socket the way the portal's PartySocket does and waits for the room's greeting. */
function openSocket(url: string, deadline: number): Promise<Listener> {
  return new Promise((resolvePromise, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const listener: Listener = { socket, waiting: null };
    const timer = setTimeout(() => fail(new Error('timed out opening')), Math.max(0, deadline - Date.now()));
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.terminate();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('unexpected-response', (_request, response) => fail(new Error(`refused with ${response.statusCode}`)));
    socket.on('close', (code) => fail(new Error(`closed with ${code}`)));
    socket.on('message', (raw) => {
      const at = performance.now();
      let message: { type?: string; data?: { title?: string } };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (message.type === 'connected') {
        clearTimeout(timer);
        socket.removeAllListeners('close');
        socket.removeListener('error', fail);
        socket.on('error', () => {});
        resolvePromise(listener);
      } else if (message.type === 'important_date_created' && listener.waiting) {
        listener.waiting(at, message.data?.title ?? '');
      }
    });
  });
}

async function openAll(
  url: () => Promise<string>,
  count: number,
): Promise<{ listeners: Listener[]; failures: string[] }> {
  const deadline = Date.now() + OPEN_TIMEOUT_MS;
  const listeners: Listener[] = [];
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      try {
        listeners.push(await openSocket(await url(), deadline));
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, count) }, worker));
  return { listeners, failures };
}

/** One write; resolves with each socket's delay from sending it to receiving its event (missing ones left out). */
async function timeOneEvent(baseUrl: string, token: string, listeners: Listener[], round: number, created: string[]) {
  const title = `Real-time check ${round + 1} ${randomUUID().slice(0, 8)}`;
  const latencies: number[] = [];
  let started = 0;
  let allArrived: () => void = () => {};
  const arrived = new Promise<void>((done) => {
    allArrived = done;
  });
  for (const listener of listeners) {
    listener.waiting = (at, eventTitle) => {
      if (eventTitle !== title) return;
      listener.waiting = null;
      latencies.push(at - started);
      if (latencies.length === listeners.length) allArrived();
    };
  }
  started = performance.now();
  const write = api<{ _id: string }>(baseUrl, '/api/important-dates', {
    method: 'POST',
    token,
    body: JSON.stringify({
      title,
      date: new Date().toISOString().slice(0, 10),
      type: 'event',
      applyToAllClasses: true,
    }),
  });
  const row = await write;
  const writeMs = performance.now() - started;
  created.push(row._id);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([arrived, new Promise((done) => (timer = setTimeout(done, EVENT_TIMEOUT_MS)))]);
  clearTimeout(timer);
  for (const listener of listeners) listener.waiting = null;
  return { latencies: latencies.sort((a, b) => a - b), writeMs } satisfies Round;
}

export async function benchRealtime(opts: RealtimeOptions): Promise<{ rows: BudgetRow[]; lines: string[] }> {
  const count = opts.sockets ?? DEFAULT_SOCKETS;
  const rounds = opts.rounds ?? DEFAULT_ROUNDS;
  const lines: string[] = [];
  const signedIn = await api<{ token: string; user: { schoolId: string; role: string } }>(
    opts.baseUrl,
    '/api/users/login',
    { method: 'POST', body: JSON.stringify({ email: opts.email, password: opts.password }) },
  );
  const { token, user } = signedIn;
  if (user.role !== 'school_admin')
    throw new Error(`${opts.email} is a ${user.role}; the check needs a school administrator`);

  // As the portal builds it: a single-use ticket asked for each socket, and a connection id of its own.
  const origin = new URL(opts.baseUrl);
  origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  const socketUrl = async () => {
    const { ticket } = await api<{ ticket: string }>(opts.baseUrl, '/api/realtime/ticket', { method: 'POST', token });
    const url = new URL(`/parties/school/${encodeURIComponent(user.schoolId)}`, origin);
    url.searchParams.set('ticket', ticket);
    url.searchParams.set('_pk', randomUUID());
    return url.toString();
  };

  const openStarted = performance.now();
  const { listeners, failures } = await openAll(socketUrl, count);
  lines.push(
    `Real-time: ${listeners.length}/${count} sockets open in ${ms(performance.now() - openStarted)}` +
      (failures.length ? ` (${failures.length} failed: ${[...new Set(failures)].slice(0, 3).join('; ')})` : ''),
  );

  const results: Round[] = [];
  const created: string[] = [];
  try {
    if (listeners.length === count) {
      for (let round = 0; round < rounds; round += 1) {
        const result = await timeOneEvent(opts.baseUrl, token, listeners, round, created);
        results.push(result);
        const { latencies } = result;
        lines.push(
          `  event ${round + 1}: ${latencies.length}/${count} received; first ${ms(latencies[0] ?? Number.NaN)}, ` +
            `p50 ${ms(percentile(latencies, 50))}, ` +
            `p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1) ?? Number.NaN)}; ` +
            `the write answered in ${ms(result.writeMs)}`,
        );
      }
    }
  } catch (error) {
    // A failed write fails the budget below (not every event arrived); the table still prints.
    lines.push(`  the check stopped: ${(error as Error).message}`);
  } finally {
    await Promise.all(
      listeners.map(
        ({ socket }) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => {
              socket.terminate();
              done();
            }, 2000);
            socket.once('close', () => {
              clearTimeout(timer);
              done();
            });
            socket.close(1000);
          }),
      ),
    );
    // The check's dates are removed again (after the sockets closed, so nobody is told).
    for (const id of created) {
      await api(opts.baseUrl, `/api/important-dates/${id}`, { method: 'DELETE', token }).catch((error: Error) =>
        lines.push(`  could not remove a check's important date: ${error.message}`),
      );
    }
  }

  const delivered = results.length === rounds && results.every((round) => round.latencies.length === count);
  const worstP95 = results.length ? Math.max(...results.map((round) => percentile(round.latencies, 95))) : Number.NaN;
  const all = results.flatMap((round) => round.latencies).sort((a, b) => a - b);
  lines.push(
    `  all events: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, max ${ms(all.at(-1) ?? Number.NaN)}`,
  );
  const rows: BudgetRow[] = [
    {
      name: `Real-time event to ${count} sockets of a school (worst p95 of ${rounds})`,
      measured: ms(worstP95),
      budget: `≤ ${P95_BUDGET_MS} ms`,
      pass: delivered && worstP95 <= P95_BUDGET_MS,
    },
    {
      name: 'Real-time event reaches every socket',
      measured: `${results.reduce((sum, round) => sum + round.latencies.length, 0)}/${count * rounds}`,
      budget: `${count * rounds}/${count * rounds}`,
      pass: delivered,
    },
  ];
  return { rows, lines };
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const baseUrl = flag(args, 'base-url');
  const email = flag(args, 'email');
  const password = flag(args, 'password');
  if (!baseUrl || !email || !password) {
    console.error('Usage: realtime.ts --base-url URL --email EMAIL --password PASSWORD [--sockets N] [--rounds N]');
    process.exit(2);
  }
  const sockets = flag(args, 'sockets');
  const rounds = flag(args, 'rounds');
  runAlone(
    benchRealtime({
      baseUrl,
      email,
      password,
      sockets: sockets ? Number(sockets) : undefined,
      rounds: rounds ? Number(rounds) : undefined,
    }),
  );
}

import autocannon from 'autocannon';

/** What one response says it cost: `Server-Timing: db;desc="N";dur=…, app;dur=…`. */
export interface Timing {
  roundTrips: number;
  dbMs: number;
  appMs: number;
}

export function parseServerTiming(header: string | null | undefined): Timing | null {
  if (!header) return null;
  const db = /db;desc="(\d+)";dur=([\d.]+)/.exec(header);
  const app = /app;dur=([\d.]+)/.exec(header);
  if (!db || !app) return null;
  return { roundTrips: Number(db[1]), dbMs: Number(db[2]), appMs: Number(app[1]) };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  timing: Timing | null;
}

/** One JSON call; throws with the answer's error text when the status is not the expected one. */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; expect?: number | number[] } = {},
): Promise<Reply<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const expected = options.expect ?? (options.method === 'POST' ? [200, 201] : [200]);
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (!allowed.includes(res.status)) {
    const error = (body as { error?: string } | null)?.error;
    throw new Error(`${options.method ?? 'GET'} ${path} answered ${res.status}: ${error ?? text.slice(0, 200)}`);
  }
  return { status: res.status, body: body as T, timing: parseServerTiming(res.headers.get('server-timing')) };
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await call<{ data: { token: string } }>(baseUrl, '/api/users/login', {
    method: 'POST',
    body: { email, password },
    expect: 200,
  });
  return res.body.data.token;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  token?: string;
  /** More request headers (`If-None-Match`). */
  headers?: Record<string, string>;
  /** A 304 counts as an answer, not a failure (a conditional request). */
  notModified?: boolean;
  /** A fixed body, or one made per request (each enrolment needs its own email and roll number). */
  body?: unknown;
  bodyFor?: (n: number) => unknown;
  connections: number;
  /** Seconds to run, or a number of requests. */
  duration?: number;
  amount?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timings: Timing[];
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Runs autocannon against one call and keeps every response's Server-Timing. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const timings: Timing[] = [];
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.bodyFor) headers['content-type'] = 'application/json';
  let made = 0;
  const bodyFor = options.bodyFor;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    timeout: 60,
    ...(bodyFor
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(bodyFor(made++)) }),
            },
          ],
        }
      : {}),
    setupClient: (client: autocannon.Client) => {
      // The raw headers of each response, as name, value, name, value…
      (client as NodeJS.EventEmitter).on('headers', (response: { headers: string[] }) => {
        const raw = response.headers;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          if (raw[i].toLowerCase() === 'server-timing') {
            const timing = parseServerTiming(raw[i + 1]);
            if (timing) timings.push(timing);
          }
        }
      });
    },
  });
  const seconds = result.duration;
  return {
    requests: result.requests.total,
    seconds,
    rps: seconds > 0 ? result.requests.total / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx - (options.notModified ? (result.statusCodeStats?.['304']?.count ?? 0) : 0),
    errors: result.errors + result.timeouts,
    timings,
  };
}

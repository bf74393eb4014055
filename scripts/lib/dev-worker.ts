import { join } from 'node:path';
import type { unstable_startWorker } from 'wrangler';

export interface DevWorkerOptions {
  /** The wrangler configuration to serve. */
  config: string;
  ip: string;
  port: number;
  /** Where its local D1, R2 and Durable Object state lives. */
  persistTo: string;
  /** The Worker's secrets from this file instead of `.dev.vars`. */
  envFile?: string;
  /** Plain-text variables over the configuration's. */
  vars?: Record<string, string>;
  /** Attaches the DevTools inspector on this port (e.g. for `scripts/bench/profile.ts`); none without it. */
  inspectorPort?: number;
}

export type DevWorker = Awaited<ReturnType<typeof unstable_startWorker>>;

/**
 * Serves a Worker locally as `wrangler dev` does (same runtime, bindings, assets and logs), without the DevTools
 * inspector unless asked: `wrangler dev` always attaches it and turns every log line and subrequest of the Worker
 * into a DevTools message, which halved the requests a local server answers a second (`GET /api/health`: 345–380
 * with it, 512–705 without).
 */
export async function startDevWorker(options: DevWorkerOptions): Promise<DevWorker> {
  // Wrangler appends every line it logs (each request's too) to a debug log, by default in the home directory,
  // where they added up to gigabytes: it goes beside the server's state, read when wrangler is loaded.
  process.env.WRANGLER_LOG_PATH ??= join(options.persistTo, 'wrangler-logs');
  const { unstable_startWorker: startWorker } = await import('wrangler');
  const worker = await startWorker({
    config: options.config,
    sendMetrics: false,
    envFiles: options.envFile ? [options.envFile] : undefined,
    bindings: Object.fromEntries(
      Object.entries(options.vars ?? {}).map(([name, value]) => [name, { type: 'plain_text' as const, value }]),
    ),
    dev: {
      server: { hostname: options.ip, port: options.port },
      inspector: options.inspectorPort ? { hostname: '127.0.0.1', port: options.inspectorPort } : false,
      persist: options.persistTo,
      watch: false,
    },
  });
  await worker.ready;
  // Ready once a first request is answered (the runtime may still be starting when `ready` resolves).
  const first = await fetch(new URL('/', await worker.url));
  await first.body?.cancel();
  return worker;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { connect } from 'node:net';

export interface Server {
  name: string;
  url: string;
  stop(): Promise<void>;
}

const running = new Set<Server>();
const cleanups: (() => void)[] = [];

/** Work to do once the servers have stopped (removing their files), also after an error or Ctrl-C. */
export function afterStop(cleanup: () => void): void {
  cleanups.push(cleanup);
}

/** Stops every server still running; called on the way out, also after an error or Ctrl-C. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
  for (const cleanup of cleanups.splice(0)) cleanup();
}

let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${signal}: stopping the servers…`);
    void stopAll().finally(() => process.exit(130));
  });
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a command in a process group of its own (npx, wrangler and workerd under it) with its output in
 * `logFile`, and waits until `readyPath` answers. `stop()` ends the whole group.
 */
export async function startServer(options: {
  name: string;
  command: string;
  args: string[];
  port: number;
  readyPath: string;
  logFile: string;
  timeoutMs: number;
  cwd?: string;
}): Promise<Server> {
  const { name, port } = options;
  if (await portInUse(port)) throw new Error(`Port ${port} is already in use; stop what listens there first.`);
  const log = createWriteStream(options.logFile);
  const child = spawn(options.command, options.args, {
    detached: true,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Warnings and errors only: wrangler dev parses, files and prints every line the Worker logs and its own line
    // per request, in its Node process beside the measured workerd, about a fifth of a small read's throughput;
    // on Cloudflare the platform ships logs off the request's path. The app still writes its line per request.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: 'warn' },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | null = null;
  const server: Server = {
    name,
    url,
    stop: () => {
      stopped ??= (async () => {
        running.delete(server);
        const group = child.pid ? -child.pid : 0;
        const signal = (sig: NodeJS.Signals) => {
          try {
            if (group) process.kill(group, sig);
          } catch {}
        };
        signal('SIGTERM');
        await Promise.race([exited(child), sleep(5000)]);
        // Whatever is left of the group (workerd may outlive wrangler) is ended for good.
        signal('SIGKILL');
        log.end();
      })();
      return stopped;
    },
  };
  running.add(server);
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`${name} exited (${child.exitCode}) before it was ready; see ${options.logFile}`);
    }
    try {
      const res = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status < 500) return server;
    } catch {}
    await sleep(500);
  }
  await server.stop();
  throw new Error(`${name} was not ready after ${options.timeoutMs / 1000} s; see ${options.logFile}`);
}

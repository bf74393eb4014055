/**
 * A CPU profile of the Worker while one call is under load: `npx tsx scripts/bench/profile.ts BASE_URL
 * INSPECTOR_PORT PATH [--duration S] [--token T | --email E --password P] [--out FILE]`, against a server started with
 * `npm start -- --inspector-port N`. Prints the functions with the most self time, by file, and writes the
 * `.cpuprofile` (open it in Chrome's DevTools).
 */
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { flag } from '../lib/run';
import { load, signIn } from './http';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const [base, inspectorPort, path] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!base || !inspectorPort || !path) {
  console.error('Usage: profile.ts BASE_URL INSPECTOR_PORT PATH [--duration S] [--token T | --email E --password P]');
  process.exit(2);
}
const duration = Number(flag(args, 'duration') || 10);
const connections = Number(flag(args, 'connections') || 8);
const out = flag(args, 'out') || '.bench/worker.cpuprofile';
const token =
  flag(args, 'token') ||
  (flag(args, 'email') ? await signIn(base, flag(args, 'email') as string, flag(args, 'password') as string) : '');

const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`);
await new Promise((resolve, reject) => {
  socket.once('open', resolve);
  socket.once('error', reject);
});
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
socket.on('message', (data) => {
  const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
const send = <T>(method: string, params: Record<string, unknown> = {}) =>
  new Promise<T>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  });

await load({ url: `${base}${path}`, token, connections: 1, duration: 2 });
await send('Profiler.enable');
await send('Profiler.setSamplingInterval', { interval: 100 });
await send('Profiler.start');
const result = await load({ url: `${base}${path}`, token, connections, duration });
const { profile } = await send<{ profile: Profile }>('Profiler.stop');
socket.close();
writeFileSync(out, JSON.stringify(profile));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = profile.timeDeltas.reduce((a, b) => a + b, 0);
const perFunction = new Map<string, number>();
const perFile = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
  const file = url.replace(/^.*\/(node_modules\/)?/, (_, nm) => (nm ? 'node_modules/' : '')) || '(native)';
  const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  perFunction.set(key, (perFunction.get(key) ?? 0) + us);
  perFile.set(file, (perFile.get(file) ?? 0) + us);
}
const idle = [...self].filter(([id]) =>
  /\(idle\)|\(program\)/.test((byId.get(id) as ProfileNode).callFrame.functionName),
);
const idleUs = idle.reduce((a, [, us]) => a + us, 0);
const busy = total - idleUs;
console.log(
  `${result.requests} requests, ${result.rps.toFixed(0)} req/s; sampled ${(total / 1e6).toFixed(1)} s, ` +
    `busy ${(busy / 1e6).toFixed(2)} s: ${(busy / 1000 / result.requests).toFixed(3)} ms of Worker CPU a request`,
);
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, us]) =>
        `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000 / result.requests).toFixed(3)} ms  ${k}`,
    );
console.log('\nBy function (self time, share of busy time, per request):');
for (const line of top(perFunction, 45)) console.log(line);
// Inclusive time: each sample counts once for every function on its stack.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const keyOf = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '') || '(native)'}:${lineNumber + 1}`;
};
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    seen.add(keyOf(byId.get(at) as ProfileNode));
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log('\nBy function (inclusive time):');
for (const line of top(inclusive, 70)) console.log(line);
console.log('\nBy file:');
for (const line of top(perFile, 20)) console.log(line);
console.log(`\nProfile written to ${out}`);

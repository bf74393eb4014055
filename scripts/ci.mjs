// `npm run ci`: every check and both test suites, the independent checks side by side. Each step's output is
// printed whole when it ends, with its time; the first failure stops the run (the steps still running finish).
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs one npm script. Alone, its output streams; beside others (`held`), it is printed whole when the step ends,
 * so side-by-side steps do not interleave.
 */
function step(script, { env = {}, held = false } = {}) {
  const since = Date.now();
  if (!held) process.stdout.write(`\n── ${script}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env: { ...process.env, ...env },
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    const hold = (chunk) => {
      output += chunk;
    };
    child.stdout?.on('data', hold);
    child.stderr?.on('data', hold);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (held) process.stdout.write(`\n── ${script}\n${output}`);
      process.stdout.write(`── ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds(since)}\n`);
      if (code === 0) resolve();
      else reject(new Error(`${script} failed`));
    });
  });
}

/** Runs the given steps at once and waits for all of them; any failure fails the whole. */
async function together(...steps) {
  const results = await Promise.allSettled(steps);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

try {
  // The generated modules first: the type check reads them, and the lint's catalogue check reads client/.
  await step('generate');
  // The compiler reads only sources; the lint rewrites and restores only the catalogues (.po), which tsc never reads.
  await together(step('typecheck:tsc', { held: true }), step('lint', { held: true }));
  await step('test');
  // The build empties dist/client, which the Worker suite serves from: after it, never beside it.
  // A production bundle: vitest sets NODE_ENV=test for what it starts, which would give a development one.
  await step('build:client', { env: { NODE_ENV: 'production' } });
  await step('test:e2e', { env: { E2E_SKIP_BUILD: '1' } });
  process.stdout.write(`\nCI passed in ${seconds(started)}\n`);
} catch (error) {
  process.stdout.write(`\nCI failed after ${seconds(started)}: ${error.message}\n`);
  process.exitCode = 1;
}

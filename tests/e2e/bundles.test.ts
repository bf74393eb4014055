import { describe, expect, test } from 'vitest';
import { benchBundles } from '../../scripts/bench/bundle';

// The suite's setup has just built the client (dist/client): its sizes are checked on every run, not only when
// someone runs the benchmark, so a screen cannot quietly pull a heavy module into the sign-in page.
describe('the built client', () => {
  test('keeps every screen within its JavaScript budget, and each screen loads only its own code', async () => {
    const { rows, lines } = await benchBundles();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const missed = rows.filter((row) => !row.pass).map((row) => `${row.name}: ${row.measured} (${row.budget})`);
    expect(missed, lines.join('\n')).toEqual([]);
  });
});

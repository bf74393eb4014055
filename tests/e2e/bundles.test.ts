import { describe, expect, test } from 'vitest';
import { benchBundles, SCREEN_BUDGET_KB } from '../../scripts/bench/bundle';

// The suite's setup has just built the client (dist/client): its sizes are checked on every run, not only when
// someone runs the benchmark, so a screen cannot quietly pull the app or a heavy module into the sign-in pages.
describe('the built client', () => {
  test(`keeps the sign-in pages lean, every screen within ${SCREEN_BUDGET_KB} KB, each loading only its own code`, async () => {
    const { rows, lines } = await benchBundles();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const missed = rows.filter((row) => !row.pass).map((row) => `${row.name}: ${row.measured} (${row.budget})`);
    expect(missed, lines.join('\n')).toEqual([]);
  });
});

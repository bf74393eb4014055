import { describe, expect, test } from 'vitest';
import { benchBundles, SCREEN_GOAL_ROW } from '../../scripts/bench/bundle';

// The suite's setup has just built the client (dist/client): its sizes are checked on every run, not only when
// someone runs the benchmark, so a screen cannot quietly pull the app or a heavy module into the sign-in pages.
describe('the built client', () => {
  test('keeps the sign-in pages lean, no screen past its ceiling, and each screen loading only its own code', async () => {
    const { rows, lines } = await benchBundles();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Screens over the 180 KB goal are listed by `npm run bench`, which fails on them until none is left.
    const missed = rows
      .filter((row) => !row.pass && row.name !== SCREEN_GOAL_ROW)
      .map((row) => `${row.name}: ${row.measured} (${row.budget})`);
    expect(missed, lines.join('\n')).toEqual([]);
  });
});

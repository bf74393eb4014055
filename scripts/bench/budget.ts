/** One line of the budgets table: what was measured against what it may be. */
export interface BudgetRow {
  name: string;
  measured: string;
  budget: string;
  pass: boolean;
}

/** Runs one part of the benchmark on its own: prints its lines and budgets, exits 1 when a budget fails. */
export function runAlone(part: Promise<{ rows: BudgetRow[]; lines: string[] }>) {
  part.then(
    ({ rows, lines }) => {
      for (const line of lines) console.log(line);
      for (const row of rows)
        console.log(`${row.pass ? 'PASS' : 'FAIL'}  ${row.name}: ${row.measured} (budget ${row.budget})`);
      process.exit(rows.every((row) => row.pass) ? 0 : 1);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The migrations as the migrators apply them, for the tests that bring a database up to one of them.
const folder = join(import.meta.dirname, '..', '..', 'migrations');

/** Every migration's file name, in the order they apply. */
export const migrationFiles = readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .sort();

/** One migration's statements, split where drizzle-kit breaks them. */
export const statementsOf = (file: string) =>
  readFileSync(join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

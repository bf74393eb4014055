import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { hash } from '@node-rs/argon2';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/lib/lingui-vite';
import { copyPdfFonts } from './scripts/lib/pdf-fonts';
import { E2E_LANES } from './tests/e2e/lanes';
import { FlakyReporter } from './tests/support/flaky-reporter';

// wrangler.toml serves dist/client; the Worker suite needs the folder, and the PDF fonts in it, even before a build.
mkdirSync('dist/client', { recursive: true });
copyPdfFonts('dist/client');

export default defineConfig({
  test: {
    // Under CI a test that passed only on its retry is named with what its first attempt threw.
    reporters: process.env.CI ? ['default', new FlakyReporter()] : ['default'],
    // Vitest's default leaves a core idle (cores - 1): one test file at a time on a 2-core machine. The API suite's
    // databases are in memory and the Worker suite's storage is per file, so two files side by side share nothing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Some API tests drive client modules, whose texts are Lingui macros.
        plugins: [linguiMacros(new URL('./client', import.meta.url).pathname)],
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 20_000,
          // Each file makes its own app and in-memory databases, so files need no fresh module graph each: loading
          // the whole Worker again per file was more than half of the suite's time (import 259 s of CPU → 22 s).
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: './worker/index.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // A second D1 database: the Worker suite also runs the Worker with two shards (SHARDS=2).
              d1Databases: { DB_SHARD_1: 'worker-suite-shard-1' },
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                JWT_SECRET: 'worker-suite-secret-that-is-long-enough-0123456789',
                PLATFORM_TOKEN: 'worker-suite-platform-token',
                NODE_RS_HASH_OF_DEMO: await hash('demo1234'),
                // A password whose UTF-8 bytes outnumber its characters (Hindi, Arabic, an emoji).
                NODE_RS_HASH_OF_WIDE: await hash('पासवर्ड-كلمة-🔑'),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          // One workerd for the whole suite, its databases shared by the files (each makes schools of its own): a
          // workerd started and migrated per file was most of the suite's time (134 s → 35 s).
          isolate: false,
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A screen drawing what a person waits for: expect.poll waits as long as a locator would, not 1 s (a loaded
          // CI machine took longer to tick a checkbox).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One file at a time per lane: each lane has its own server and database, so files never share rows.
          fileParallelism: E2E_LANES > 1,
          maxWorkers: E2E_LANES,
          // After the API and Worker suites when all projects run together (their worker count differs).
          sequence: { groupOrder: 1 },
          // On a loaded CI machine a browser test may miss a timing once; a second failure is a real one.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});

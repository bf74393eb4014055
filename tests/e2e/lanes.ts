/**
 * How many servers the browser suite runs against at once, each over its own database, one test file at a time on
 * each: files on different lanes share no data. CI runs two (the suite mostly waits on the browser and server);
 * set E2E_LANES=1 to run every file in turn against one server.
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? (process.env.CI ? 2 : 1)) || 1);

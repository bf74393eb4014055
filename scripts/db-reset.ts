/** `npm run db:reset`: deletes the local database (and local files) so the next `npm start` begins anew. */
import { rmSync } from 'node:fs';
import { flag } from './lib/run';

const persistTo = flag(process.argv.slice(2), 'persist-to') || '.wrangler/state';
rmSync(persistTo, { recursive: true, force: true });
console.log(`Removed ${persistTo}. The next \`npm start\` migrates and seeds a fresh demo school.`);

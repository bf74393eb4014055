/** `npm run db:migrate:remote`: applies the migrations to the libSQL (Turso) database at LIBSQL_URL. */
import { openLibsql } from './lib/libsql-db';

const url = process.env.LIBSQL_URL;
if (!url) {
  console.error('Set LIBSQL_URL (and LIBSQL_AUTH_TOKEN) to the hosted database.');
  process.exit(2);
}
const { client } = await openLibsql(url, process.env.LIBSQL_AUTH_TOKEN);
client.close();
console.log('Migrations applied.');

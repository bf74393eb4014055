import type { SchoolRoom } from '../party/school-room';
import type { MailEnv } from './lib/mail/config';
import type { PushEnv } from './lib/push/config';
import type { SchoolMail } from './mail-sender';

export interface Env extends MailEnv, PushEnv {
  DB: D1Database;
  FILES?: R2Bucket;
  ASSETS?: Fetcher;
  School: DurableObjectNamespace<SchoolRoom>;
  /** Each school's e-mail sender, by the school's id. */
  SchoolMail: DurableObjectNamespace<SchoolMail>;
  /** The portal's address (`https://portal.example.org`), for the links in e-mails; else a reset link uses the request's. */
  PORTAL_URL?: string;
  JWT_SECRET: string;
  PLATFORM_TOKEN?: string;
  ALLOWED_ORIGINS?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** How many shards (1 when unset): shard 0 shares `DB` (or LIBSQL_URL) with the directory. */
  SHARDS?: string;
  /** libSQL URLs of shards 1 to SHARDS-1, comma-separated. D1 shards are the bindings `DB_SHARD_1`…. */
  LIBSQL_SHARD_URLS?: string;
  /** Cells (rows × columns) above which a report's PDF or workbook is made in the background; 20,000 when unset. */
  REPORT_JOB_CELLS?: string;
}

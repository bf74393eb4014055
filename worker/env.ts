import type { SchoolRoom } from '../party/school-room';

export interface Env {
  DB: D1Database;
  FILES?: R2Bucket;
  ASSETS?: Fetcher;
  School: DurableObjectNamespace<SchoolRoom>;
  JWT_SECRET: string;
  PLATFORM_TOKEN?: string;
  ALLOWED_ORIGINS?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

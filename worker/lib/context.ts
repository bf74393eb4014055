import type { Context } from 'hono';
import type { Database } from '../db/database';
import type { Directory, Shards } from '../db/directory';
import type { DbMeter } from '../db/meter';
import type { Language, Role } from '../db/schema';
import type { Contract } from './contract';
import type { Publisher } from './events';
import type { FileStore } from './files';
import type { Mailer } from './mail/index';
import type { PasswordHasher } from './password';
import type { FontSource } from './pdf-fonts';

export interface AppConfig {
  jwtSecret: string;
  /** Origins (scheme://host[:port]) allowed to call the API cross-site. */
  allowedOrigins: string[];
  /** Opens the platform endpoints (school creation) when set. */
  platformToken?: string;
  /**
   * How long (ms) a checked session may answer reads (GET) without asking the database again; absent or 0:
   * every request asks. Writes always ask, and forget the reused sessions of this isolate.
   */
  sessionReuseMs?: number;
  /** The portal's address for links in e-mails (`PORTAL_URL`); else a link uses the request's origin. */
  portalUrl?: string;
  /** The Web Push (VAPID) public key phones subscribe with; absent, push is not configured. */
  vapidPublicKey?: string;
  /** Cells (rows × columns) above which a report's PDF or workbook is made in the background (`REPORT_JOB_CELLS`). */
  reportJobCells?: number;
}

/** Everything the app needs from the outside world; built once per isolate (Worker) or per test. */
export interface Platform {
  /** The directory's database; in the one-database default (no `shards`) every school's too. */
  openDatabase(meter: DbMeter): Database;
  /** The schools' databases when the platform has several; each school lives in one. */
  shards?: Shards;
  hasher: PasswordHasher;
  publish: Publisher;
  files: FileStore | null;
  /** The PDF fonts (static assets in the Worker); without them PDFs cannot be made. */
  fonts?: FontSource;
  /** E-mail: absent or not configured, nothing is sent. */
  mail?: Mailer;
  now: () => Date;
  config: AppConfig;
  /** Where request and error lines go (console in the Worker); never given headers, bodies or tokens. */
  log?: (line: string) => void;
  /** Sees every `/api` answer with the contract its call declares; the API suite checks answers with it. */
  observe?: (answer: ObservedAnswer) => void;
}

export interface ObservedAnswer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
  contract: Contract | undefined;
}

/** What a request's handlers get through `c.get('deps')`. */
export interface Deps {
  /** The caller's school's database once the token is checked; before that (sign-in, platform) the directory's. */
  db: Database;
  directory: Directory;
  hasher: PasswordHasher;
  publish: Publisher;
  files: FileStore | null;
  fonts: FontSource;
  mail: Mailer;
  now: () => Date;
  config: AppConfig;
}

export interface Session {
  userId: string;
  schoolId: string;
  role: Role;
  name: string;
  email: string;
  jti: string;
  authTime: number;
  expiresAt: number;
  tokenVersion: number;
  /** The account signed in with a temporary password and has not yet chosen its own. */
  mustChangePassword: boolean;
  /** The person's own language, else the school's: the language of refusals when a call names none. */
  language?: Language;
}

/** An account check a handler runs inside its first batch (`requireAuthInBatch`): settle it with the rows. */
export interface SessionCheck {
  statement: import('drizzle-orm/batch').BatchItem<'sqlite'> & PromiseLike<unknown[]>;
  settled: boolean;
  settle(rows: unknown[]): void;
}

export interface HonoEnv {
  Variables: {
    deps: Deps;
    meter: DbMeter;
    requestId: string;
    session: Session;
    sessionCheck?: SessionCheck;
    /** The answers the matched call declares (`contract()`), when it declares them. */
    contract?: Contract;
  };
}

export type AppContext = Context<HonoEnv>;

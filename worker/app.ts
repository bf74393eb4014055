import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { openDirectory } from './db/directory';
import { DbMeter } from './db/meter';
import { healthAnswer } from './lib/answer-shapes';
import type { HonoEnv, Platform } from './lib/context';
import { contract } from './lib/contract';
import { CODE_BY_STATUS } from './lib/error-codes';
import { AppError, type ErrorStatus, isUniqueViolation } from './lib/errors';
import { neverFailing } from './lib/events';
import { noMail } from './lib/mail/index';
import { openApiDocument } from './lib/openapi';
import { pastYearRefusal } from './lib/past-year';
import { failure } from './lib/respond';
import { movingRefusal } from './lib/school-moving';
import { attendanceRoutes } from './modules/attendance/routes';
import { authRoutes, usersRoutes } from './modules/auth/routes';
import { classesRoutes } from './modules/classes/routes';
import { complaintsRoutes } from './modules/complaints/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { docsHeaders, docsRoutes } from './modules/docs/routes';
import { employeesRoutes } from './modules/employees/routes';
import { familyRoutes } from './modules/family/routes';
import { feesRoutes } from './modules/fees/routes';
import { gradesRoutes } from './modules/grades/routes';
import { homeworkRoutes } from './modules/homework';
import { importantDatesRoutes } from './modules/important-dates/routes';
import { pushRoutes } from './modules/messages/push-routes';
import { messagesRoutes } from './modules/messages/routes';
import { unsubscribeRoutes } from './modules/messages/unsubscribe-routes';
import { platformRoutes } from './modules/platform/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { moneyReportRoutes } from './modules/reports/money-routes';
import { reportsRoutes } from './modules/reports/routes';
import { schedulesRoutes } from './modules/schedules/routes';
import { settingsRoutes } from './modules/settings/routes';
import { studentsRoutes } from './modules/students/routes';
import { subjectsRoutes } from './modules/subjects/routes';
import { teacherAttendanceRoutes } from './modules/teacher-attendance/routes';
import { schoolTeachersRoutes, teacherCreationRoutes, teachersRoutes } from './modules/teachers/routes';
import { yearsRoutes } from './modules/years/routes';

const JSON_LIMIT = 1024 * 1024;
const FILE_LIMIT = 10 * 1024 * 1024;

/** Builds the whole API from its dependencies; the Workers entry and the tests both call this. */
export function createApp(platform: Platform) {
  const app = new Hono<HonoEnv>();
  const log = platform.log ?? ((line: string) => console.log(line));
  const mail = platform.mail ?? noMail;
  // Every message made (an announcement, an alert) is announced to its inboxes: its queued e-mails wake the sender.
  const publish = neverFailing(async (schoolId, event) => {
    if (event.type === 'inbox_updated' && event.data.reason === 'received') {
      await mail
        .wake(schoolId)
        .catch((error) => log(JSON.stringify({ level: 'warn', mail: 'wake-failed', error: error?.name })));
    }
    await platform.publish(schoolId, event);
  }, log);

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const started = performance.now();
    const meter = new DbMeter();
    c.set('meter', meter);
    // With shards the directory's round trips are also counted apart; in one database they are the school's.
    const directoryDb = platform.openDatabase(platform.shards ? meter.forDirectory() : meter);
    c.set('deps', {
      db: directoryDb,
      directory: openDirectory(directoryDb, platform.shards, meter),
      hasher: platform.hasher,
      publish,
      files: platform.files,
      fonts: platform.fonts ?? (async () => null),
      mail,
      now: platform.now,
      config: platform.config,
    });
    await next();
    const total = performance.now() - started;
    const { directory } = meter;
    c.header(
      'Server-Timing',
      `db;desc="${meter.roundTrips}";dur=${meter.durationMs.toFixed(1)}, ${
        directory.roundTrips > 0
          ? `directory;desc="${directory.roundTrips}";dur=${directory.durationMs.toFixed(1)}, `
          : ''
      }app;dur=${total.toFixed(1)}`,
    );
    // One line per request: no headers, no query string, no body. Written as text: it runs on every request.
    log(
      `{"at":"${new Date().toISOString()}","requestId":${JSON.stringify(c.get('requestId'))},"method":${JSON.stringify(
        c.req.method,
      )},"path":${JSON.stringify(c.req.path)},"status":${c.res.status},"ms":${Math.round(total)},"db":${meter.roundTrips}}`,
    );
  });
  const observe = platform.observe;
  if (observe) {
    app.use('/api/*', async (c, next) => {
      await next();
      const res = c.res.clone();
      observe({
        method: c.req.method,
        path: c.req.path,
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body: res.body ? await res.text() : '',
        contract: c.get('contract'),
      });
    });
  }
  const strictHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
  });
  // Every answer is data under `default-src 'none'`; only the docs page loads scripts and styles, its own.
  app.use('*', (c, next) => (c.req.path === '/api/docs' ? docsHeaders(c, next) : strictHeaders(c, next)));
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (platform.config.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Server-Timing', 'Content-Disposition'],
      maxAge: 600,
    }),
  );
  const limited = (limit: number) =>
    bodyLimit({
      maxSize: limit,
      onError: () => {
        throw new AppError(413, `Request body is too large (limit ${limit / 1024 / 1024} MB)`);
      },
    });
  const [jsonLimit, fileLimit] = [limited(JSON_LIMIT), limited(FILE_LIMIT)];
  app.use('/api/*', (c, next) => {
    // Files (a multipart form, or a backup sent as gzip) may be larger than a JSON body.
    const file = /^(multipart\/form-data|application\/(x-)?gzip)/.test(c.req.header('content-type') ?? '');
    return (file ? fileLimit : jsonLimit)(c, next);
  });

  app.onError((thrown, c) => {
    const error = movingRefusal(thrown) ?? pastYearRefusal(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return failure(c, error.status, error.code, error.message, error.details);
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((i) => ({ msg: i.message, path: i.path.map(String).join('.') }));
      return failure(c, 400, 'VALIDATION_FAILED', 'Validation failed', details);
    }
    if (error instanceof HTTPException) {
      const malformed = /malformed json/i.test(error.message);
      const status = error.status as ErrorStatus;
      const code = malformed ? 'MALFORMED_JSON' : (CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
      return failure(c, status, code, malformed ? 'Malformed JSON in request body' : error.message || 'Bad request');
    }
    if (isUniqueViolation(error)) {
      return failure(c, 409, 'ALREADY_EXISTS', 'A record with these details already exists');
    }
    log(
      JSON.stringify({
        level: 'error',
        requestId: c.get('requestId'),
        path: c.req.path,
        error: (error as Error)?.name,
      }),
    );
    return failure(c, 500, 'INTERNAL_ERROR', 'Internal server error');
  });

  app.notFound((c) => failure(c, 404, 'ROUTE_NOT_FOUND', `Route not found: ${c.req.method} ${c.req.path}`));

  const routes = app
    .get('/api/health', contract({ summary: 'Health', responses: { 200: healthAnswer } }), (c) =>
      c.json({ success: true, data: { status: 'ok', time: c.get('deps').now().toISOString() } }),
    )
    .route('/api/users', usersRoutes)
    .route('/api/auth', authRoutes)
    .route('/api/auth', teacherCreationRoutes)
    .route('/api/teachers', teachersRoutes)
    .route('/api/schools', schoolTeachersRoutes)
    .route('/api/employees', employeesRoutes)
    .route('/api/students', studentsRoutes)
    .route('/api/classes', classesRoutes)
    .route('/api/subjects', subjectsRoutes)
    .route('/api/schedules', schedulesRoutes)
    .route('/api/settings', settingsRoutes)
    .route('/api/years', yearsRoutes)
    .route('/api/fees', feesRoutes)
    .route('/api/complaints', complaintsRoutes)
    .route('/api/important-dates', importantDatesRoutes)
    .route('/api/attendance', attendanceRoutes)
    .route('/api/grades', gradesRoutes)
    .route('/api/homework', homeworkRoutes)
    .route('/api/messages', messagesRoutes)
    .route('/api/push', pushRoutes)
    .route('/api/unsubscribe', unsubscribeRoutes)
    .route('/api/teacher-attendance', teacherAttendanceRoutes)
    .route('/api/dashboard', dashboardRoutes)
    .route('/api/reports', moneyReportRoutes)
    .route('/api/family', familyRoutes)
    .route('/api/realtime', realtimeRoutes)
    .route('/api/reports', reportsRoutes)
    .route('/api/platform', platformRoutes);

  let document: unknown;
  app.route(
    '/api',
    docsRoutes(() => (document ??= openApiDocument(app.routes))),
  );
  return routes;
}

export type AppType = ReturnType<typeof createApp>;

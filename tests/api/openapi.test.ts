import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Contract, checkAnswer } from '../../worker/lib/contract';
import { errorCodes } from '../../worker/lib/error-codes';
import { isUndeclared, registeredCalls, UNDECLARED_CALLS } from '../../worker/lib/openapi';
import { getClassAnswer } from '../../worker/modules/classes/answers';
import { createTestApp, createTestSchool, json, signIn, type TestApp } from '../support/app';
import { violations } from '../support/contract-check';
import { addTeacher } from '../support/factories';

type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string };
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await json<Doc>(res);
});

/** Every schema of the document, with where it stands. */
function schemas(): { where: string; schema: unknown }[] {
  const found: { where: string; schema: unknown }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const p of op.parameters ?? [])
        found.push({ where: `${method} ${path} ${p.in} ${p.name}`, schema: p.schema });
      for (const [type, body] of Object.entries(op.requestBody?.content ?? {})) {
        found.push({ where: `${method} ${path} body ${type}`, schema: body.schema });
      }
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const [type, body] of Object.entries(answer.content ?? {})) {
          found.push({ where: `${method} ${path} ${status} ${type}`, schema: body.schema });
        }
      }
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose every schema is valid JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const broken: string[] = [];
    const all = schemas();
    expect(all.length).toBeGreaterThan(300);
    for (const { where, schema } of all) {
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
      try {
        ajv.compile(resolved);
      } catch (error) {
        broken.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  }, 120_000); // compiles every schema of the document: CPU-bound, and slow on a busy machine

  it('describes every /api route the app registers, each once, with its path parameters', () => {
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredCalls(t.app.routes).map((call) => call.replace(/:(\w+)/g, '{$1}'));
    expect(registered.length).toBeGreaterThan(160);
    expect(new Set(described)).toEqual(new Set(registered));

    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const op of Object.values(methods)) {
        ids.add(op.operationId);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), path).toEqual(inPath);
      }
    }
    expect(ids.size).toBe(described.length);
  });

  it('declares a success answer for every call, and the error shape with every code', () => {
    const loose: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const success = op.responses['200'] ?? op.responses['201'];
        expect(success, `${method} ${path}`).toBeDefined();
        expect(op.responses.default, `${method} ${path}`).toBeDefined();
        const schema = success.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (schema?.$ref === '#/components/schemas/UndeclaredSuccess') loose.push(`${method.toUpperCase()} ${path}`);
      }
    }
    // Every call declares its answers: none is left loose, and no pattern marks any as undeclared.
    expect(loose).toEqual([]);
    expect(UNDECLARED_CALLS).toEqual([]);
    expect(registeredCalls(t.app.routes).filter((call) => isUndeclared(call.split(' ')[1]))).toEqual([]);

    const error = doc.components.schemas.Error as { properties: { code: { enum: string[] } } };
    expect(error.properties.code.enum.sort()).toEqual(Object.keys(errorCodes).sort());
    for (const code of Object.keys(errorCodes)) expect(doc.info.description).toContain(`\`${code}\``);
    // A call whose service refuses with only a status's code names the specific codes it gives them.
    const bulk = doc.paths['/api/attendance/bulk'].post as Operation & {
      description: string;
      'x-error-codes': string[];
    };
    expect(bulk.description).toContain('`FUTURE_DATE`, `SUBJECT_NOT_IN_CLASS`, `NOT_IN_CLASS`');
    expect(bulk['x-error-codes']).toEqual(['FUTURE_DATE', 'SUBJECT_NOT_IN_CLASS', 'NOT_IN_CLASS', 'PAST_YEAR']);
  });

  it('describes the file uploads: a multipart form with its file, and the raw bodies each call also takes', () => {
    const body = (path: string) => Object.keys(doc.paths[path].post.requestBody?.content ?? {}).sort();
    expect(body('/api/students/{id}/documents')).toEqual(['application/json', 'multipart/form-data']);
    expect(body('/api/teachers/{id}/documents')).toEqual(['application/json', 'multipart/form-data']);
    expect(body('/api/students/import')).toContain('text/csv');
    expect(body('/api/settings/backup/restore-upload')).toEqual(
      ['application/gzip', 'application/octet-stream', 'application/x-gzip', 'multipart/form-data'].sort(),
    );
    const form = doc.paths['/api/students/import'].post.requestBody?.content['multipart/form-data'].schema as {
      properties: { file: { contentMediaType: string } };
      required: string[];
    };
    expect(form.required).toEqual(['file']);
    expect(form.properties.file.contentMediaType).toBe('text/csv');
  });

  it('serves the docs page with its own policy, while every other answer keeps the strict one', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|https?:/);
    expect(await page.text()).toContain('/api/docs/init.js');
    const init = await t.request('/api/docs/init.js');
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await init.text()).toContain("url: '/api/openapi.json'");
    for (const path of ['/api/openapi.json', '/api/health', '/api/docs/init.js']) {
      const res = await t.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe('answers checked against the contract', () => {
  it('refuses an answer with a renamed, a missing or an unknown field, and an error without a code', async () => {
    const school = await createTestSchool(t);
    const token = await signIn(t, school.adminEmail);
    const { teacherId } = await addTeacher(t, school.schoolId);
    const res = await t.request('/api/classes', {
      method: 'POST',
      token,
      json: { name: '7', section: 'B', capacity: 30, teacherId },
    });
    expect(res.status).toBe(201);
    const body = await json<{ data: Record<string, unknown> }>(res);
    const declared: Contract = { summary: 'Get class', responses: { 200: getClassAnswer } };
    const answer = (data: unknown) => JSON.stringify({ success: true, data });
    expect(checkAnswer(declared, 200, 'application/json', answer(body.data))).toBeNull();

    const { name, ...missing } = body.data;
    expect(checkAnswer(declared, 200, 'application/json', answer(missing))).toMatch(/data\.name/);
    expect(checkAnswer(declared, 200, 'application/json', answer({ ...missing, title: name }))).toMatch(/title/);
    expect(checkAnswer(declared, 200, 'application/json', answer({ ...body.data, extra: 1 }))).toMatch(/extra/);
    expect(checkAnswer(declared, 201, 'application/json', answer(body.data))).toMatch(/no 201/);
    expect(checkAnswer(undefined, 404, 'application/json', '{"success":false,"error":"Class not found"}')).toMatch(
      /code/,
    );
    expect(
      checkAnswer(undefined, 404, 'application/json', '{"success":false,"error":"Class not found","code":"NOT_FOUND"}'),
    ).toBeNull();
    // A code beyond the common ones must be among those the call declares.
    const full = '{"success":false,"error":"Class 7-B is full","code":"CLASS_FULL"}';
    expect(checkAnswer(declared, 409, 'application/json', full)).toMatch(/CLASS_FULL/);
    expect(checkAnswer({ ...declared, refuses: ['CLASS_FULL'] }, 409, 'application/json', full)).toBeNull();
    expect(violations).toEqual([]);
  });

  it('carries a stable code on every kind of error answer', async () => {
    const school = await createTestSchool(t);
    const token = await signIn(t, school.adminEmail);
    const cases: [string, RequestInit & { token?: string; json?: unknown }, number, string][] = [
      ['/api/classes', {}, 401, 'UNAUTHENTICATED'],
      ['/api/classes', { token, method: 'POST', json: { name: '' } }, 400, 'VALIDATION_FAILED'],
      ['/api/classes/no-such-class', { token }, 404, 'NOT_FOUND'],
      ['/api/no-such-route', { token }, 404, 'ROUTE_NOT_FOUND'],
      [
        '/api/classes',
        { token, method: 'POST', body: 'name=7', headers: { 'Content-Type': 'text/plain' } },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        '/api/classes',
        { token, method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } },
        400,
        'MALFORMED_JSON',
      ],
      [
        '/api/users/login',
        { method: 'POST', json: { email: school.adminEmail, password: 'wrong-password' } },
        401,
        'INVALID_CREDENTIALS',
      ],
    ];
    for (const [path, init, status, code] of cases) {
      const res = await t.request(path, init);
      expect(res.status, path).toBe(status);
      expect((await json(res)).code, path).toBe(code);
    }
    const { teacherId } = await addTeacher(t, school.schoolId);
    const klass = { name: '8', section: 'A', capacity: 30, teacherId };
    const first = await t.request('/api/classes', { token, method: 'POST', json: klass });
    expect(first.status).toBe(201);
    const again = await t.request('/api/classes', { token, method: 'POST', json: klass });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('ALREADY_EXISTS');
  });
});

import type { MiddlewareHandler } from 'hono';
import { type ZodType, z } from 'zod';
import { errorAnswer } from './answer-shapes';
import { guards } from './auth';
import { type Contract, contracts, type Upload } from './contract';
import { COMMON_CODES, errorCodes } from './error-codes';
import { validators } from './validate';

interface RegisteredRoute {
  method: string;
  path: string;
  handler: unknown;
}

/**
 * Calls whose answers are not declared yet: the document gives them a loose success schema and the API suite does
 * not check their success answers. Every call declares its answers now; a new call must too.
 */
export const UNDECLARED_CALLS: RegExp[] = [];
export const isUndeclared = (path: string) => UNDECLARED_CALLS.some((pattern) => pattern.test(path));

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1, of what a caller sends (`input`) or receives (`output`). */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  return rest as JsonSchema;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

interface Operation {
  method: string;
  path: string;
  handlers: MiddlewareHandler[];
  /** Auth middlewares mounted with `.use()` over this path. */
  covering: MiddlewareHandler[];
}

/** Every `/api` call the app registered, with the middlewares that run for it. */
function operations(routes: RegisteredRoute[]): Operation[] {
  const byKey = new Map<string, Operation>();
  const wildcards = routes.filter((r) => r.method === 'ALL' && r.path.endsWith('/*'));
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    let op = byKey.get(key);
    if (!op) {
      const covering = wildcards
        .filter((w) => route.path.startsWith(w.path.slice(0, -1)) || route.path === w.path.slice(0, -2))
        .map((w) => w.handler as MiddlewareHandler);
      op = { method: route.method, path: route.path, handlers: [], covering };
      byKey.set(key, op);
    }
    op.handlers.push(route.handler as MiddlewareHandler);
  }
  return [...byKey.values()];
}

/** The registered `/api` calls as `METHOD /path` (Hono's `:param` form), for tests comparing with the document. */
export function registeredCalls(routes: RegisteredRoute[]): string[] {
  return operations(routes).map((op) => `${op.method} ${op.path}`);
}

const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

function parameters(schema: ZodType, where: 'path' | 'query') {
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** A file body: a multipart form with its `file` field, the raw types it may also come as, and its JSON form. */
function uploadBody(upload: Upload) {
  const file = { type: 'string', contentMediaType: upload.types.join(', '), description: upload.file };
  const content: Record<string, unknown> = {
    'multipart/form-data': {
      schema: { type: 'object', properties: { file }, required: ['file'] },
      encoding: { file: { contentType: upload.types.join(', ') } },
    },
  };
  for (const type of upload.raw ?? []) content[type] = { schema: { type: 'string', contentMediaType: type } };
  if (upload.json) content['application/json'] = { schema: jsonSchema(upload.json, 'input') };
  return { required: true, description: upload.file, content };
}

function operation(op: Operation) {
  const module = op.path.split('/')[2];
  const declared = op.handlers.map((h) => contracts.get(h)).find((c): c is Contract => c !== undefined);
  const guard = [...op.covering, ...op.handlers].map((h) => guards.get(h)).find((g) => g !== undefined);
  const params: ReturnType<typeof parameters> = [];
  let requestBody: unknown;
  for (const handler of op.handlers) {
    const validator = validators.get(handler);
    if (!validator) continue;
    if (validator.target === 'param') params.push(...parameters(validator.schema, 'path'));
    else if (validator.target === 'query') params.push(...parameters(validator.schema, 'query'));
    else if (validator.target === 'json') {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(validator.schema, 'input') } },
      };
    }
  }
  if (declared?.upload) requestBody = uploadBody(declared.upload);
  // A path parameter no validator reads (a school id checked against the session) is still a string.
  for (const match of op.path.matchAll(/:(\w+)/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === match[1])) {
      params.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
  }

  const responses: Record<string, unknown> = {};
  if (declared) {
    for (const [status, answer] of Object.entries(declared.responses)) {
      if (!answer) continue;
      const content =
        'file' in answer
          ? { [answer.file === 'any' ? '*/*' : answer.file]: { schema: { type: 'string', format: 'binary' } } }
          : { 'application/json': { schema: jsonSchema(answer as ZodType, 'output') } };
      responses[status] = {
        description: status === '201' ? 'Created' : status === '202' ? 'Accepted: made in the background' : 'OK',
        content,
      };
    }
  } else {
    responses['200'] = {
      description: 'OK (this module does not declare its answers yet: the schema only says it succeeded)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UndeclaredSuccess' } } },
    };
  }
  if (params.length > 0 || requestBody) responses['400'] = errorResponse('Validation failed');
  if (guard) {
    responses['401'] = errorResponse('No token, or the session has ended');
    responses['403'] = errorResponse('The role may not make this call');
  }
  if (op.path.includes(':')) responses['404'] = errorResponse('Not found, or another school’s');
  responses.default = errorResponse('Any other refusal: see the codes of `Error`');

  const roles = guard ? (guard.roles.length > 0 ? guard.roles.join(', ') : 'any signed-in person') : null;
  const refuses = declared?.refuses ?? [];
  const refusals = refuses.map((code) => `\`${code}\``);
  const description = [
    declared?.description,
    roles && `Who may call: ${roles}.`,
    refusals.length > 0 && `Refusals beside the common ones: ${refusals.join(', ')}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: declared?.summary ?? `${op.method} ${op.path}`,
    ...(description ? { description } : {}),
    tags: [module],
    ...(guard ? { security: [{ bearer: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(refuses.length > 0 ? { 'x-error-codes': refuses } : {}),
  };
}

/** The OpenAPI 3.1 description of every `/api` call, built from the routes and their declarations. */
export function openApiDocument(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations(routes)) {
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operation(op);
  }
  const codes = Object.entries(errorCodes)
    .map(([code, meaning]) => `| \`${code}\` | ${meaning} |`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'School portal API',
      version: '1',
      description: [
        'Every answer is JSON: `{ success: true, data, message?, total? }` or `{ success: false, error, code, details? }`.',
        '`error` is the message for people; `code` is stable: match it, never the message.',
        'Every answer carries `Server-Timing` with its database round trips.',
        `Any call may answer ${COMMON_CODES.map((code) => `\`${code}\``).join(', ')}; each call lists the other codes it gives (\`x-error-codes\`, and in its description).`,
        '',
        '| code | meaning |',
        '| --- | --- |',
        codes,
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: jsonSchema(errorAnswer, 'output'),
        UndeclaredSuccess: {
          type: 'object',
          properties: { success: { const: true }, data: {}, message: { type: 'string' }, total: { type: 'integer' } },
          required: ['success'],
        },
      },
    },
    paths,
  };
}

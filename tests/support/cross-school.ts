import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { validators } from '../../worker/lib/validate';
import { type JsonSchema, jsonSchemaOf } from './arbitraries';

/** Where a value sits inside a body: keys and array indexes. */
export type Path = (string | number)[];

/**
 * School A's id → school B's id of the same row kind, read off two `School`s built alike: every leaf of A that is
 * one of A's ids, paired with the leaf at the same place in B.
 */
export function counterparts(a: unknown, b: unknown, aIds: ReadonlySet<string>, out = new Map<string, string>()) {
  if (typeof a === 'string' && aIds.has(a) && typeof b === 'string') out.set(a, b);
  else if (a && typeof a === 'object' && b && typeof b === 'object') {
    for (const [key, value] of Object.entries(a)) counterparts(value, (b as Record<string, unknown>)[key], aIds, out);
  }
  return out;
}

/** Every place in a body whose value is one of the ids given, with the value. */
export function idLeaves(body: unknown, ids: ReadonlySet<string>, path: Path = []): { path: Path; value: string }[] {
  if (typeof body === 'string') return ids.has(body) ? [{ path, value: body }] : [];
  if (Array.isArray(body)) return body.flatMap((item, i) => idLeaves(item, ids, [...path, i]));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) => idLeaves(value, ids, [...path, key]));
  }
  return [];
}

/** A copy of the body with the value at `path` replaced. */
export function replaced(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, value);
  return copy;
}

/** A path with its array indexes as `[]`, the way a schema names it: `items.[].structureId`. */
export const shapeOf = (path: Path) => path.map((p) => (typeof p === 'number' ? '[]' : p)).join('.');

/**
 * Fields that name a row: `…Id`, `…Ids`, `_id`, and the two whose names do not say so (an important date's
 * `classes`, an employee's `department`, which takes a department's id or its name).
 */
const NAMES_A_ROW = /(Ids?|^_id)$|^(classes|department)$/;

/** The places in a JSON body schema that take a row's id, as `shapeOf` writes them. */
export function idFieldsOf(schema: JsonSchema, path: string[] = []): string[] {
  const found = new Set<string>();
  const walk = (s: JsonSchema | undefined, at: string[]) => {
    if (!s || typeof s !== 'object') return;
    for (const alternative of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alternative, at);
    for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, [...at, key]);
    if (s.items) walk(s.items, [...at, '[]']);
    const name = at.filter((p) => p !== '[]').at(-1);
    const leaf = !s.properties && !s.items && !s.anyOf && !s.oneOf && !s.allOf && !s.enum && s.const === undefined;
    if (leaf && name && NAMES_A_ROW.test(name) && (s.type === 'string' || s.type === undefined))
      found.add(at.join('.'));
  };
  walk(schema, path);
  return [...found].sort();
}

/** The JSON body schema of every route that validates one, keyed `METHOD /api/path`. */
export function bodySchemas(routes: readonly { method: string; path: string; handler: unknown }[]) {
  const out = new Map<string, { zod: ZodType; json: JsonSchema }>();
  for (const r of routes) {
    const info = validators.get(r.handler as MiddlewareHandler);
    if (info?.target === 'json')
      out.set(`${r.method} ${r.path}`, { zod: info.schema, json: jsonSchemaOf(info.schema) });
  }
  return out;
}

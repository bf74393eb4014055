import type { z } from 'zod';
import type { Body, Data } from './answers';
import type { ApiCalls } from './api-calls.gen';

/**
 * The API's calls as the worker registers them (`'PUT /classes/:id'`), each with the schemas its route validates
 * and the answers it declares (`api-calls.gen.ts`, written by `scripts/api-calls.ts`). Types, and the few lines
 * that turn a call into a request.
 */
export type CallKey = keyof ApiCalls;

/** No required field: `Empty extends T` holds when every field of T is optional. */
type Empty = Record<never, never>;

type Field<K extends CallKey, F extends string> = ApiCalls[K] extends { [P in F]: infer S } ? S : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** A query as sent: a coerced parameter (`page`, `limit`) takes what it is coerced to; the rest their input type. */
type QueryInput<S> = S extends z.ZodType
  ? { [P in keyof z.input<S>]: unknown extends z.input<S>[P] ? z.output<S>[P & keyof z.output<S>] : z.input<S>[P] }
  : never;

/** The JSON body a call's route parses, as the client sends it (defaults and optional fields may be left out). */
export type CallJson<K extends CallKey> = Input<Field<K, 'json'>>;
export type CallQuery<K extends CallKey> = QueryInput<Field<K, 'query'>>;
export type CallParam<K extends CallKey> = Input<Field<K, 'param'>>;

type Part<K extends CallKey, F extends string, T> = [Field<K, F>] extends [never]
  ? unknown
  : Empty extends T
    ? { [P in F]?: T }
    : { [P in F]: T };

/** What one call takes: its path parameters, its query and its body, each only where its route reads one. */
export type CallInput<K extends CallKey> = Part<K, 'param', CallParam<K>> &
  Part<K, 'query', CallQuery<K>> &
  ([Field<K, 'json'>] extends [never] ? { form?: FormData } : { json: CallJson<K> });

type Answer<K extends CallKey> = Field<K, 'answer'>;
/** The `data` a call answers with (its declared 200/201 answer); a file call answers `unknown`. */
export type CallData<K extends CallKey> = Answer<K> extends z.ZodType ? Data<Answer<K>> : unknown;
/** The whole body of a call's answer, for the few read beyond `data` (`total`, `message`, `summary`). */
export type CallBody<K extends CallKey> = Answer<K> extends z.ZodType ? Body<Answer<K>> : unknown;

/** The input may be left out when nothing in it is required. */
export type CallArgs<K extends CallKey, Options> =
  Empty extends CallInput<K> ? [input?: CallInput<K>, options?: Options] : [input: CallInput<K>, options?: Options];

/** The calls that answer a file (a PDF, a CSV, a backup): fetched outside the JSON client, then saved. */
export type FileCallKey = { [K in CallKey]: ApiCalls[K] extends { answer: 'file' } ? K : never }[CallKey];

export interface CallRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** A file call's path and query, typed like any call (`'GET /students/export'`, `{ query }`). */
export const fileRequest = <K extends FileCallKey>(key: K, ...[input]: CallArgs<K, never>) =>
  callRequest(key, input as Record<string, unknown> | undefined);

/** `'PUT /classes/:id'` and `{ param: { id } }` → the method and `/classes/<id>`, with the query and body. */
export function callRequest(key: string, input: Record<string, unknown> = {}): CallRequest {
  const space = key.indexOf(' ');
  const param = (input.param ?? {}) as Record<string, string>;
  return {
    method: key.slice(0, space) as CallRequest['method'],
    path: key.slice(space + 1).replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(param[name])),
    query: input.query as CallRequest['query'],
    body: input.json ?? input.form,
  };
}

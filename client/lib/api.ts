import { t } from '@lingui/core/macro';
import type { ErrorCode } from '../../worker/lib/error-codes';
import { type CallArgs, type CallBody, type CallData, type CallKey, callRequest } from './calls';
import { currentLanguage } from './i18n';
import { currentPath, navigateTo } from './navigation';
import { schoolToken } from './storage';
import { storedSchoolId, yearQueryOf } from './viewed-year';

export const API_BASE = '/api';
export const authFailedMessage = () => t`Authentication failed. Please login again.`;
export const networkFailedMessage = () => t`Unable to reach the server. Check your connection and try again.`;

export interface ValidationDetail {
  msg: string;
  path?: string;
}

/** A failed call, with the message the spec's error rules give it. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: ValidationDetail[];
  /** The server's own `error` text, when it sent one: for people, never to match on. */
  readonly serverError: string | undefined;
  /** The server's stable code (`EMAIL_TAKEN`, `NOT_FOUND`, …): what screens match on. */
  readonly code: ErrorCode | undefined;

  constructor(
    message: string,
    status: number,
    details: ValidationDetail[] = [],
    serverError?: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
    this.serverError = serverError;
    this.code = code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Use this token instead of the client's own; `null` sends none. */
  token?: string | null;
  /**
   * Sign-in calls and the session check set this to false: their 401 is an answer to show,
   * not an expired session to clear.
   */
  handleUnauthorized?: boolean;
}

export interface ApiClientConfig {
  getToken: () => string | null;
  /** Runs on a 401 from a general call, before the error is thrown. */
  onUnauthorized: () => void;
  /** Values a declared call adds to its query unless it names them itself (the year the office looks at). */
  queryFor?: (call: string) => Record<string, string> | undefined;
}

interface FailureBody {
  success?: boolean;
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function readDetails(value: unknown): ValidationDetail[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is { msg: unknown; path?: unknown } => typeof item === 'object' && item !== null && 'msg' in item,
    )
    .map((item) => ({ msg: String(item.msg), path: typeof item.path === 'string' ? item.path : undefined }));
}

/**
 * The spec's failure rules: a validation failure's details → 'Validation failed: …'; else the server's error
 * (a refusal such as a 409 may name its field in `details` too); else the status.
 */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const failure = (typeof body === 'object' && body !== null ? body : {}) as FailureBody;
  const details = readDetails(failure.details);
  const serverError = typeof failure.error === 'string' && failure.error ? failure.error : undefined;
  const code = typeof failure.code === 'string' ? (failure.code as ErrorCode) : undefined;
  if (details.length > 0 && (!serverError || code === 'VALIDATION_FAILED')) {
    const message = t`Validation failed: ${details.map((d) => d.msg).join(', ')}`;
    return new ApiError(message, status, details, serverError, code);
  }
  if (serverError) return new ApiError(serverError, status, details, serverError, code);
  return new ApiError(`API request failed: ${status} ${statusText}`.trim(), status);
}

/** Responses are read as their `data` field when there is one, else as the bare value. */
export function unwrap<T>(body: unknown): T {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body) {
    return (body as { data: T }).data;
  }
  return body as T;
}

/** How many tagged answers a client keeps for conditional requests (the lists it showed last). */
const TAGGED_ANSWERS = 20;

export function createApiClient(config: ApiClientConfig) {
  // Answers that came with an ETag, by address, for one token: asked again with If-None-Match, a 304 reuses the body.
  const tagged = new Map<string, { etag: string; text: string }>();
  let taggedFor: string | null = null;

  /** Makes the call and returns the whole JSON body (`{ success, data, message, ... }`). */
  async function requestBody<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, signal, headers = {}, handleUnauthorized = true } = options;
    const token = options.token === undefined ? config.getToken() : options.token;
    // The server words its refusals in the person's language.
    const init: RequestInit = {
      method,
      signal,
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...headers },
    };
    const initHeaders = init.headers as Record<string, string>;
    if (token)
      // i18n-ignore
      initHeaders.Authorization = `Bearer ${token}`;
    const url = buildUrl(path, query);
    if (token !== taggedFor) {
      // Another person or session on this device: nothing held for the last one is kept.
      tagged.clear();
      taggedFor = token;
    }
    const cacheKey = method === 'GET' && token ? url : null;
    const held = cacheKey ? tagged.get(cacheKey) : undefined;
    if (held) {
      initHeaders['If-None-Match'] = held.etag;
      // Past the browser's own cache, so a 304 reaches this code, which holds the body.
      init.cache = 'no-store';
    }
    if (body !== undefined) {
      if (body instanceof FormData) {
        init.body = body;
      } else {
        initHeaders['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    }

    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(networkFailedMessage(), 0);
    }

    let text: string;
    try {
      text = response.status === 304 && held ? held.text : await response.text();
    } catch (cause) {
      // The body cut off (the page is being left, or the connection dropped): as unreachable as no answer.
      if (signal?.aborted) throw cause;
      throw new ApiError(networkFailedMessage(), 0);
    }
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }

    if (response.status === 401 && handleUnauthorized) {
      // A 401 for a token already replaced (a new password, a restore) does not end the session that replaced it.
      if (token === config.getToken()) config.onUnauthorized();
      throw new ApiError(authFailedMessage(), 401);
    }
    const failed =
      !response.ok || (typeof parsed === 'object' && parsed !== null && (parsed as FailureBody).success === false);
    if (response.status === 304 && !held) throw new ApiError(`API request failed: 304`, 304);
    if (failed && response.status !== 304) throw toApiError(response.status, response.statusText, parsed);
    const etag = response.headers.get('ETag');
    if (cacheKey) {
      tagged.delete(cacheKey);
      if (etag && response.ok) tagged.set(cacheKey, { etag, text });
      else if (response.status === 304 && held) tagged.set(cacheKey, held);
      if (tagged.size > TAGGED_ANSWERS) tagged.delete(tagged.keys().next().value as string);
    }
    return parsed as T;
  }

  /** Makes the call and returns its `data` (or the bare value). */
  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    return unwrap<T>(await requestBody(path, options));
  }

  type Options = Omit<RequestOptions, 'method' | 'body'>;
  type CallOptions = Omit<Options, 'query'>;
  function declared(key: string, input: Record<string, unknown> | undefined, options: CallOptions | undefined) {
    const { path, ...rest } = callRequest(key, input);
    const added = config.queryFor?.(key);
    if (added) {
      const named = Object.entries(rest.query ?? {}).filter(([, value]) => value !== undefined);
      rest.query = { ...added, ...Object.fromEntries(named) };
    }
    return [path, { ...options, ...rest }] as const;
  }
  return {
    request,
    requestBody,
    /** A call as the worker declares it (`'PUT /classes/:id'`): its path, parameters, body and `data` typed from it. */
    call: <K extends CallKey>(key: K, ...[input, options]: CallArgs<K, CallOptions>) =>
      request<CallData<K>>(...declared(key, input as Record<string, unknown> | undefined, options)),
    /** The same, answering the whole body (`total`, `message`, …) rather than its `data`. */
    callBody: <K extends CallKey>(key: K, ...[input, options]: CallArgs<K, CallOptions>) =>
      requestBody<CallBody<K>>(...declared(key, input as Record<string, unknown> | undefined, options)),
    /** The token the next call will send. */
    currentToken: () => config.getToken(),
    get: <T = unknown>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: Options) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The school portal's client: the stored school token; a 401 signs out and returns to /login. */
export const api = createApiClient({
  getToken: schoolToken.get,
  queryFor: (call) => yearQueryOf(call, storedSchoolId()),
  onUnauthorized() {
    schoolToken.clear();
    const here = currentPath();
    if (!here.startsWith('/login')) navigateTo(`/login?redirect=${encodeURIComponent(here)}`);
  },
});

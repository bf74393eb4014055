import { API_BASE, ApiError, authFailedMessage, networkFailedMessage, type QueryValue, toApiError } from './api';
import { type CallArgs, type FileCallKey, fileRequest } from './calls';
import { currentPath, navigateTo } from './navigation';
import { schoolToken } from './storage';
import { storedSchoolId, yearQueryOf } from './viewed-year';

/** The file name a `Content-Disposition` header gives (the RFC 5987 form first), else the fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Hands bytes to the browser as a download, under a name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * A declared file call (`'GET /students/export'`), fetched with the school token and saved; one that follows the
 * school year looked at (`YEAR_SCOPED_CALLS`) is sent with it, as the lists are.
 */
export function downloadCall<K extends FileCallKey>(key: K, fallbackName: string, ...[input]: CallArgs<K, never>) {
  const { path, query } = fileRequest(key, ...([input] as CallArgs<K, never>));
  return downloadFile(path, fallbackName, { ...yearQueryOf(key, storedSchoolId()), ...query });
}

/**
 * Fetches a file from the API with the school token (a plain link cannot send it) and saves it. Failures
 * follow the API client's rules: a 401 signs out, other errors carry the server's message. A 202 (a file made in
 * the background) goes to `accepted` with its JSON body, which follows it and answers the name saved.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
  headers: Record<string, string> = {},
  accepted?: (body: unknown) => Promise<string>,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const token = schoolToken.get();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(networkFailedMessage(), 0);
  }
  if (response.status === 401) {
    schoolToken.clear();
    navigateTo(`/login?redirect=${encodeURIComponent(currentPath())}`);
    throw new ApiError(authFailedMessage(), 401);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw toApiError(response.status, response.statusText, body);
  }
  if (response.status === 202 && accepted) return accepted(await response.json());
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

// The one API client (spec §7, §8): cookies, JSON, bearer token; a non-OK reply becomes '{status}: {body}'. A 401 to
// a call made with the stored token means its session ended on the server (issue 28): the token is dropped and the
// session (lib/auth.tsx) is told.
import type { QueryFunction } from '@tanstack/react-query';

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

type SessionEndedListener = (token: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Calls `listener` with the dropped token whenever the server refuses the stored one; returns the unsubscribe. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Takes a 401 to a call made with `sentToken` as the end of that session (signed out elsewhere, a new password, a
 * deleted account): only while that token is still the stored one, so a late answer to an old token never signs
 * out a newer session.
 */
export function noticeUnauthorized(status: number, sentToken: string | null | undefined) {
  if (status !== 401 || !sentToken || getToken() !== sentToken) return;
  localStorage.removeItem(TOKEN_KEY);
  for (const listener of sessionEndedListeners) listener(sentToken);
}

/** Ends this session on the server (POST /api/auth/logout); kept alive past the page, so a closed tab still ends it. */
export async function endServerSession(token: string): Promise<void> {
  await fetch('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
}

/** `extraHeaders` carries what a call needs besides the defaults, such as an order's Idempotency-Key. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const send = (token: string | null) =>
    fetch(url, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...extraHeaders,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const token = getToken();
  let response = await send(token);
  noticeUnauthorized(response.status, token);
  // The server refused the token itself (its session ended elsewhere) before doing anything: the same call again
  // as the visitor this browser now is, so a public page still loads and a sign-in still signs in.
  if (token && response.status === 401 && response.headers.get('www-authenticate')?.includes('invalid_token'))
    response = await send(getToken());
  return readResponse<T>(response);
}

/** An answer's JSON, or the '{status}: {body}' error for a non-OK one. */
export async function readResponse<T = unknown>(response: Response): Promise<T> {
  await throwIfNotOk(response);
  // A 204, or a 200 with an empty body, has nothing to parse.
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's { message } from an error made by apiRequest, or the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  // Not an HTTP error (the network is down, say): the fallback reads better than 'Failed to fetch'.
  if (!match) return fallback;
  const body = match[1]!.trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : fallback;
  } catch {
    // Plain text is shown as is; an HTML error page (a proxy's 502, say) is not for people to read.
    return body && !body.startsWith('<') ? body : fallback;
  }
}

/** The status code of an error made by apiRequest, if any. */
export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}):/.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/** Query keys are paths: ['/api/coffee-shops', {search: 'x'}] -> GET /api/coffee-shops?search=x. */
export function pathFromKey(queryKey: readonly unknown[]): string {
  const parts: string[] = [];
  let params: Record<string, unknown> | undefined;
  for (const part of queryKey) {
    if (part && typeof part === 'object') params = part as Record<string, unknown>;
    else if (part !== undefined && part !== null) parts.push(String(part));
  }
  const path = parts.join('/').replace(/\/{2,}/g, '/');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '' && value !== false)
      search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** What a query does on a 401: throw like any other error (spec §7 default), or resolve to null. */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** A TanStack query function: GET to the path the query key spells, parsed JSON back. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', pathFromKey(queryKey));
    } catch (error) {
      if (on401 === 'returnNull' && errorStatus(error) === 401) return null;
      throw error;
    }
  };
}

export const defaultQueryFn: QueryFunction = getQueryFn<unknown>({ on401: 'throw' });

/**
 * Sends one file to POST /api/uploads as multipart (field `file`) with the bearer token; resolves to the stored
 * photo's URL. XMLHttpRequest rather than fetch: only it reports upload progress. Errors read like apiRequest's.
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.withCredentials = true;
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      noticeUnauthorized(request.status, token);
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as { url: string }).url);
        } catch {
          reject(new Error(`${request.status}: ${request.responseText}`));
        }
      } else {
        reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
      }
    };
    // No status: the network failed; errorMessage() then gives its friendly fallback.
    request.onerror = () => reject(new Error('Network error'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** The file name a Content-Disposition header gives (RFC 6266's filename* first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const name = extended ?? plain;
  if (!name) return null;
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Not percent-encoded after all: the name as sent.
  }
  // A name, never a path.
  return decoded.replace(/[/\\]/g, '-').trim() || null;
}

/**
 * Downloads a file the server makes for the signed-in user (GET with the bearer token) and hands it to the browser
 * as a download named as the server says (`fallbackName` otherwise); resolves with that name. Errors read like
 * apiRequest's. A link with `download` cannot send the token, hence fetch and a blob.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const token = getToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  noticeUnauthorized(response.status, token);
  await throwIfNotOk(response);
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: the URL is let go a minute later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

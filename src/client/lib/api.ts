// The one API client (spec §7, §8): cookies, JSON, bearer token; a non-OK reply becomes '{status}: {body}'.
import type { QueryFunction } from '@tanstack/react-query';

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The server's { message } from an error made by apiRequest, or the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  try {
    const parsed = JSON.parse(match[1]!) as { message?: string };
    return parsed.message || fallback;
  } catch {
    return match[1] || fallback;
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

export const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', pathFromKey(queryKey));

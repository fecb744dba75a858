// The API client's contract with spec §7 and §8: error text, server messages, paths from query keys, 401 handling.
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  apiRequest,
  errorMessage,
  errorStatus,
  fileNameFromDisposition,
  getQueryFn,
  onSessionEnded,
  pathFromKey,
} from './api';

const stored = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  stored.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
});

afterEach(() => vi.unstubAllGlobals());

function reply(status: number, body: string, statusText = '') {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined, client: new QueryClient() };
}

describe('apiRequest', () => {
  test('sends cookies, a JSON body and the bearer token when one is stored', async () => {
    stored.set('token', 'abc');
    fetchMock.mockResolvedValue(reply(200, '{"ok":true}'));
    expect(await apiRequest('POST', '/api/favorites', { shopId: 3 })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/favorites');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"shopId":3}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer abc' });
  });

  test('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(reply(200, '[]'));
    await apiRequest('GET', '/api/coffee-shops');
    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  test('turns a non-OK reply into "{status}: {body}", or the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, '{"message":"Invalid email or password"}'));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(
      '401: {"message":"Invalid email or password"}',
    );
    fetchMock.mockResolvedValueOnce(reply(503, '', 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  test('a token the server refuses as such is dropped, and the call asked again as a visitor', async () => {
    stored.set('token', 'ended');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock
      .mockResolvedValueOnce(
        new Response('{"message":"Your session has ended — please sign in again"}', {
          status: 401,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        }),
      )
      .mockResolvedValueOnce(reply(200, '[{"id":1}]'));
    expect(await apiRequest('GET', '/api/coffee-shops')).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[1]![1]?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(stored.has('token')).toBe(false);
    expect(ended).toHaveBeenCalledWith('ended');
    stop();
  });

  test('a plain 401 (a route that needs a sign-in) is not asked again', async () => {
    stored.set('token', 'abc');
    fetchMock.mockResolvedValue(reply(401, '{"message":"Please sign in to continue"}'));
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow('401');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('resolves to undefined for an empty success body', async () => {
    fetchMock.mockResolvedValue(reply(204, ''));
    expect(await apiRequest('DELETE', '/api/favorites/3')).toBeUndefined();
  });
});

describe('errorMessage and errorStatus', () => {
  test('read the server message and status from an API error', () => {
    const error = new Error('409: {"message":"That email is already registered"}');
    expect(errorMessage(error)).toBe('That email is already registered');
    expect(errorStatus(error)).toBe(409);
  });

  test('fall back when there is no usable message', () => {
    expect(errorMessage(new Error('500: {"oops":1}'), 'Try again')).toBe('Try again');
    expect(errorMessage(new Error('502: <html>Bad gateway</html>'), 'Try again')).toBe('Try again');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
    expect(errorMessage('not an error', 'Try again')).toBe('Try again');
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });

  test('show a plain-text body as it is', () => {
    expect(errorMessage(new Error('400: Bad things happened'))).toBe('Bad things happened');
  });
});

describe('pathFromKey', () => {
  test('joins the key into a path and turns an object into query parameters, skipping empty ones', () => {
    expect(pathFromKey(['/api/my-shops'])).toBe('/api/my-shops');
    expect(pathFromKey(['/api/coffee-shops', 7])).toBe('/api/coffee-shops/7');
    expect(
      pathFromKey(['/api/coffee-shops', { promoted: 'true', search: '', category: undefined, x: false }]),
    ).toBe('/api/coffee-shops?promoted=true');
    expect(pathFromKey(['/api/geocode', { q: '1 Long St, Cape Town' }])).toBe(
      '/api/geocode?q=1+Long+St%2C+Cape+Town',
    );
  });
});

describe('getQueryFn', () => {
  test('throws on a 401 by default', async () => {
    fetchMock.mockResolvedValue(reply(401, '{"message":"Sign in first"}'));
    const query = getQueryFn({ on401: 'throw' });
    await expect(query(queryContext(['/api/favorites']))).rejects.toThrow('401: ');
  });

  test("resolves to null on a 401 with on401 'returnNull', and still throws other errors", async () => {
    const query = getQueryFn({ on401: 'returnNull' });
    fetchMock.mockResolvedValueOnce(reply(401, '{"message":"Sign in first"}'));
    expect(await query(queryContext(['/api/auth/me']))).toBeNull();
    fetchMock.mockResolvedValueOnce(reply(500, '{"message":"Internal server error"}'));
    await expect(query(queryContext(['/api/auth/me']))).rejects.toThrow('500: ');
  });
});

describe('a session the server ended (issue 28)', () => {
  test('a 401 to a call made with the stored token drops the token and tells the session once', async () => {
    stored.set('token', 'abc');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(reply(401, '{"message":"Please sign in to continue"}'));
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow('401: ');
    expect(stored.has('token')).toBe(false);
    expect(ended).toHaveBeenCalledExactlyOnceWith('abc');
    stop();
  });

  test('a 401 without a token, or to a token replaced meanwhile, or another status, changes nothing', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(reply(401, '{"message":"Invalid email or password"}'));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow();

    stored.set('token', 'old');
    fetchMock.mockImplementation(async () => {
      stored.set('token', 'new'); // signed in afresh while the old token's call was under way
      return reply(401, '{}');
    });
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow();
    expect(stored.get('token')).toBe('new');

    fetchMock.mockResolvedValue(reply(403, '{"message":"Only shop owners can do this"}'));
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow('403: ');
    expect(stored.get('token')).toBe('new');
    expect(ended).not.toHaveBeenCalled();
    stop();
  });
});

test('fileNameFromDisposition reads the name a download is given, never a path', () => {
  expect(fileNameFromDisposition('attachment; filename="brew-connect-Thandi-2025-03-10.json"')).toBe(
    'brew-connect-Thandi-2025-03-10.json',
  );
  expect(fileNameFromDisposition('attachment; filename="brew-connect-Zo%C3%AB-2025-03-10.json"')).toBe(
    'brew-connect-Zoë-2025-03-10.json',
  );
  expect(fileNameFromDisposition('attachment; filename="a.json"; filename*=UTF-8\'\'b%20c.json')).toBe(
    'b c.json',
  );
  expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('..-..-etc-passwd');
  expect(fileNameFromDisposition('attachment')).toBeNull();
  expect(fileNameFromDisposition(null)).toBeNull();
});

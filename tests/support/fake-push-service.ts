// A fake Web Push service on https://127.0.0.1 speaking the real protocol (RFC 8030, 8291, 8292): it hands out test
// subscriptions with their own keys, checks each push's VAPID JWT and headers, decrypts its aes128gcm body, records
// it, and answers 201, or 404, 410, 429, 500, or never, as a test scripts it.
//
// Its certificate is tests/support/push-tls/cert.pem (EC P-256, CN and subjectAltName 127.0.0.1 and localhost,
// 100 years, CA:TRUE so it can be trusted as its own CA), made once with:
//   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout key.pem -out cert.pem \
//     -days 36500 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
//     -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,digitalSignature,keyCertSign" \
//     -addext "extendedKeyUsage=serverAuth"
// web-push always uses Node's default CA store, so the process that sends must start with NODE_EXTRA_CA_CERTS
// naming a file that holds it: push-tls/trust.ts arranges that, called by vitest.config.ts for the test workers and
// by playwright.config.ts for the e2e server.
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { connect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { compactVerify, importJWK } from 'jose';
import { PUSH_SERVICE_CERT_PATH } from './push-tls/trust.js';

const KEY_PATH = fileURLToPath(new URL('./push-tls/key.pem', import.meta.url));

/** What real push services accept at most (RFC 8030 §7.2 asks for at least 4096 bytes; FCM and Mozilla stop there). */
export const MAX_PUSH_BODY_BYTES = 4096;
const MAX_JWT_LIFETIME_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A subscription as a browser's PushSubscription.toJSON() gives it, plus the fake's id for it. */
export interface TestSubscription {
  id: string;
  /** https://127.0.0.1:PORT/push/<id> */
  endpoint: string;
  /** The user agent's P-256 public key (65 bytes, uncompressed) and 16-byte auth secret, base64url. */
  keys: { p256dh: string; auth: string };
}

/**
 * How the service answers a well-formed push: 201 (delivered), 404 or 410 (the subscription is gone), 429 (with
 * Retry-After: 1 s, or `retryAfter` seconds), 500, 'hang' (holds the request open until close()), or 'trickle'
 * (answers 201 but sends its body a byte every 100 ms without ever ending it: a socket that is never idle).
 */
export type PushAnswer =
  | 201
  | 404
  | 410
  | 429
  | 500
  | 'hang'
  | 'trickle'
  | { status: 429; retryAfter: number };

/** Every request the service got, refused ones included, with what it answered. */
export interface ReceivedPush {
  /** The URL it was sent to (https://127.0.0.1:PORT/push/<id>). */
  endpoint: string;
  /** The status answered, or 'hang' while (and after) it was held open. */
  status: number | 'hang';
  /** Why a request was refused (400, 401, 403, 404 for no such subscription, 405, 413); null when well-formed. */
  reason: string | null;
  /** The decrypted body as text; null when there was none or it did not decrypt. */
  text: string | null;
  /** The decrypted body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims and the key it came with, as sent (null when the Authorization header did not parse). */
  vapid: { aud: unknown; exp: unknown; sub: unknown; publicKey: string } | null;
  headers: IncomingHttpHeaders;
  /** Date.now() on arrival. */
  at: number;
}

export interface FakePushService {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** '127.0.0.1:PORT', as PUSH_SERVICE_HOSTS lists push services. */
  host: string;
  /**
   * A new subscription with its own ECDH P-256 key pair and auth secret. Pushes to it must be signed with
   * `vapidPublicKey` when given (a restricted subscription, RFC 8292 §4.2), else with the service's, if it has one.
   */
  subscribe(options?: { vapidPublicKey?: string }): TestSubscription;
  /**
   * How the next well-formed pushes to `endpoint` (null: to any endpoint without answers of its own) are answered,
   * in order; the last answer stays until the next respond(). respond(endpoint) with no answers goes back to 201.
   * respond(null, 429, 201): the first push gets 429 with Retry-After, every later one 201.
   */
  respond(endpoint: string | null, ...answers: PushAnswer[]): void;
  /** Every request, in order of arrival, refused ones included. */
  received: ReceivedPush[];
  /**
   * Resolves with the requests answered `status` (default 201) at `endpoint` (default any) once there are at least
   * `count` of them; rejects after `timeoutMs` (default 5000) naming what did arrive.
   */
  waitFor(
    count: number,
    options?: { endpoint?: string; status?: number | 'hang'; timeoutMs?: number },
  ): Promise<ReceivedPush[]>;
  /** Requests held open by 'hang' right now. */
  hanging(): number;
  /** Stops listening and drops every connection, held ones included. */
  close(): Promise<void>;
}

interface Subscription extends TestSubscription {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  vapidPublicKey: string | undefined;
}

/** A request the service refuses, with the status and reason it answers. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function answer(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ code: status, error: STATUS_TEXT[status] ?? 'Error', message }));
}

/** Reads the body, keeping at most one byte more than a push may carry, so a huge body costs no memory. */
function readBody(request: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    request.on('data', (chunk: Buffer) => {
      if (length <= MAX_PUSH_BODY_BYTES) chunks.push(chunk);
      length += chunk.length;
    });
    request.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge: length > MAX_PUSH_BODY_BYTES }));
    request.on('error', reject);
  });
}

/** `vapid t=<JWT>, k=<key>` (RFC 8292 §3); a missing or other scheme is 401, as the RFC's absent authentication. */
function parseVapidHeader(value: string | undefined): { token: string; key: string } {
  if (!value) throw new Refusal(401, 'Authorization header missing: a push needs VAPID (RFC 8292)');
  const scheme = /^vapid\s+(.*)$/i.exec(value.trim());
  if (!scheme) throw new Refusal(401, 'Authorization must use the vapid scheme: vapid t=<JWT>, k=<key>');
  const parameters = new Map<string, string>();
  for (const part of scheme[1]!.split(',')) {
    const separator = part.indexOf('=');
    if (separator > 0)
      parameters.set(part.slice(0, separator).trim().toLowerCase(), part.slice(separator + 1).trim());
  }
  const token = parameters.get('t');
  const key = parameters.get('k');
  if (!token || !key)
    throw new Refusal(401, 'Authorization vapid needs both t (the JWT) and k (the public key)');
  return { token, key };
}

/** Checks the JWT (RFC 8292 §2) against the endpoint's origin; invalid authentication is 403 (§4.2). */
async function verifyVapid(
  token: string,
  key: string,
  origin: string,
  expectedKey: string | undefined,
  vapid: NonNullable<ReceivedPush['vapid']>,
): Promise<void> {
  const point = BASE64URL.test(key) ? Buffer.from(key, 'base64url') : Buffer.alloc(0);
  if (point.length !== 65 || point[0] !== 0x04)
    throw new Refusal(403, 'k must be an uncompressed P-256 public key (65 bytes), base64url');
  if (expectedKey !== undefined && key !== expectedKey)
    throw new Refusal(403, 'k is not the application server key this subscription was made with');
  let payload: Uint8Array;
  try {
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    ({ payload } = await compactVerify(token, publicKey, { algorithms: ['ES256'] }));
  } catch (error) {
    throw new Refusal(403, `the VAPID JWT does not verify with k (ES256): ${(error as Error).message}`);
  }
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new Refusal(403, 'the VAPID JWT claims are not JSON');
  }
  Object.assign(vapid, { aud: claims.aud, exp: claims.exp, sub: claims.sub });
  if (claims.aud !== origin) throw new Refusal(403, `aud must be the push service's origin ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp))
    throw new Refusal(403, 'exp must be a NumericDate');
  if (claims.exp <= now) throw new Refusal(403, 'the VAPID JWT has expired');
  if (claims.exp > now + MAX_JWT_LIFETIME_SECONDS)
    throw new Refusal(403, 'exp must be no more than 24 hours ahead');
  if (!isContactUri(claims.sub)) throw new Refusal(403, 'sub must be a mailto: or https: URL');
}

function isContactUri(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A header's value; Node joins a repeated one with ', ', which then fails the checks below as it should. */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** RFC 8030 §5.2–5.4: TTL required, Urgency and Topic checked when present. */
function readHeaders(headers: IncomingHttpHeaders, push: ReceivedPush): void {
  const ttl = header(headers, 'ttl');
  if (ttl === undefined) throw new Refusal(400, 'TTL header missing (RFC 8030 §5.2)');
  if (!/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL must be a number of seconds');
  push.ttl = Number(ttl);
  const urgency = header(headers, 'urgency');
  if (urgency !== undefined) {
    if (!URGENCIES.includes(urgency))
      throw new Refusal(400, `Urgency must be one of ${URGENCIES.join(', ')}`);
    push.urgency = urgency;
  }
  const topic = header(headers, 'topic');
  if (topic !== undefined) {
    if (topic.length > 32 || !BASE64URL.test(topic))
      throw new Refusal(400, 'Topic must be at most 32 characters of the base64url alphabet');
    push.topic = topic;
  }
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the subscription's user agent would. */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  // RFC 8188 §2.1: salt (16) | rs (uint32) | idlen (uint8) | keyid, where keyid is the sender's public key.
  if (body.length < 21) throw new Refusal(400, 'the aes128gcm header is truncated');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Refusal(400, 'keyid must be the sender public key, 65 bytes (RFC 8291 §4)');
  const headerLength = 21 + idLength;
  const senderPublicKey = body.subarray(21, headerLength);
  const record = body.subarray(headerLength);
  if (recordSize < 18) throw new Refusal(400, 'rs must be at least 18 (RFC 8188 §2)');
  if (record.length < 17) throw new Refusal(400, 'the record is too short to hold a tag and a delimiter');
  if (record.length > recordSize)
    throw new Refusal(400, 'a push message must be a single record (RFC 8291 §4)');

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = subscription.ecdh.computeSecret(senderPublicKey);
  } catch {
    throw new Refusal(400, 'keyid is not a P-256 public key');
  }
  // RFC 8291 §3.4: IKM from the ECDH secret and auth secret, then RFC 8188 §2.2's CEK and nonce from IKM and salt.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.publicKey, senderPublicKey]);
  const inputKey = Buffer.from(hkdfSync('sha256', ecdhSecret, subscription.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, 'Content-Encoding: nonce\0', 12));

  let padded: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'the body does not decrypt with this subscription keys (aes128gcm, RFC 8291)');
  }
  // The plaintext ends with the delimiter 2 (last record), then zero or more zero bytes of padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (end === 0 || padded[end - 1] !== 2)
    throw new Refusal(400, 'the record does not end with the last-record delimiter 0x02');
  return padded.subarray(0, end - 1);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Does a TLS handshake with the default CA store succeed? If not, web-push cannot reach the fake either. */
function checkTrusted(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      reject(
        new Error(
          `This process does not trust the fake push service's certificate (${error.code ?? error.message}): ` +
            `start Node with NODE_EXTRA_CA_CERTS=${PUSH_SERVICE_CERT_PATH} (vitest.config.ts sets it for its workers; ` +
            'Node reads it only at start).',
        ),
      );
    });
  });
}

export async function startFakePushService(
  options: { vapidPublicKey?: string; port?: number } = {},
): Promise<FakePushService> {
  const subscriptions = new Map<string, Subscription>();
  /** Scripted answers by endpoint; the key null holds those for every endpoint without its own. */
  const answers = new Map<string | null, PushAnswer[]>();
  const received: ReceivedPush[] = [];
  const held = new Set<ServerResponse>();
  /** Pending waitFor calls: each checks on every new request, and fails when the service closes. */
  const waiters = new Map<() => void, (error: Error) => void>();
  let origin = '';

  /** Takes the next scripted answer for the endpoint; the last one stays. */
  const nextAnswer = (endpoint: string): PushAnswer => {
    const queue = answers.get(endpoint) ?? answers.get(null);
    if (!queue || queue.length === 0) return 201;
    return queue.length > 1 ? queue.shift()! : queue[0]!;
  };

  const record = (push: ReceivedPush) => {
    received.push(push);
    for (const check of [...waiters.keys()]) check();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const push: ReceivedPush = {
      endpoint: `${origin}${url.pathname}`,
      status: 0,
      reason: null,
      text: null,
      json: undefined,
      ttl: null,
      urgency: null,
      topic: null,
      vapid: null,
      headers: request.headers,
      at: Date.now(),
    };
    const { body, tooLarge } = await readBody(request);
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'a push is a POST');
      const match = /^\/push\/([^/]+)$/.exec(url.pathname);
      const subscription = match ? subscriptions.get(match[1]!) : undefined;
      if (!subscription) throw new Refusal(404, 'no such subscription');
      const { token, key } = parseVapidHeader(request.headers.authorization);
      push.vapid = { aud: undefined, exp: undefined, sub: undefined, publicKey: key };
      await verifyVapid(token, key, origin, subscription.vapidPublicKey, push.vapid);
      readHeaders(request.headers, push);
      if (tooLarge) throw new Refusal(413, `a push body may be at most ${MAX_PUSH_BODY_BYTES} bytes`);
      if (body.length > 0) {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Refusal(400, 'Content-Encoding must be aes128gcm (RFC 8291)');
        push.text = decrypt(body, subscription).toString('utf8');
        push.json = parseJson(push.text);
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      push.status = error.status;
      push.reason = error.message;
      record(push);
      return answer(response, error.status, error.message);
    }

    const scripted = nextAnswer(push.endpoint);
    if (scripted === 'hang' || scripted === 'trickle') {
      push.status = 'hang';
      held.add(response);
      if (scripted === 'trickle') {
        response.writeHead(201, { 'content-type': 'text/plain' });
        const drip = setInterval(() => response.write('.'), 100);
        response.once('close', () => clearInterval(drip));
      }
      response.once('close', () => held.delete(response));
      return record(push);
    }
    const status = typeof scripted === 'number' ? scripted : scripted.status;
    push.status = status;
    record(push);
    if (status === 201)
      return response
        .writeHead(201, { location: `${origin}/message/${randomUUID()}`, ttl: String(push.ttl) })
        .end();
    if (status === 429) {
      const retryAfter = typeof scripted === 'object' ? scripted.retryAfter : 1;
      return answer(response, 429, 'too many pushes', { 'retry-after': String(retryAfter) });
    }
    const messages: Record<number, string> = {
      404: 'subscription not found',
      410: 'subscription expired or unsubscribed',
      500: 'push service error',
    };
    return answer(response, status, messages[status] ?? 'error');
  };

  const server = createServer(
    { cert: readFileSync(PUSH_SERVICE_CERT_PATH), key: readFileSync(KEY_PATH) },
    (request, response) => {
      handle(request, response).catch((error: Error) => {
        if (!response.headersSent) answer(response, 500, error.message);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `https://127.0.0.1:${port}`;
  try {
    await checkTrusted(port);
  } catch (error) {
    server.close();
    throw error;
  }

  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    subscribe(subscribeOptions = {}) {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const subscription: Subscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        ecdh,
        publicKey,
        auth,
        vapidPublicKey: subscribeOptions.vapidPublicKey ?? options.vapidPublicKey,
      };
      subscriptions.set(id, subscription);
      // Only the browser's view leaves the fake: the private key stays here.
      return { id, endpoint: subscription.endpoint, keys: { ...subscription.keys } };
    },
    respond(endpoint, ...scripted) {
      if (scripted.length === 0) answers.delete(endpoint);
      else answers.set(endpoint, [...scripted]);
    },
    waitFor(count, waitOptions = {}) {
      const { endpoint, status = 201, timeoutMs = 5000 } = waitOptions;
      const matching = () =>
        received.filter(
          (push) => push.status === status && (endpoint === undefined || push.endpoint === endpoint),
        );
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching();
          if (found.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const fail = (error: Error) => {
          waiters.delete(check);
          clearTimeout(timer);
          reject(error);
        };
        const timer = setTimeout(() => {
          const seen = received.map(
            (push) => `${push.status} ${push.endpoint}${push.reason ? ` (${push.reason})` : ''}`,
          );
          fail(
            new Error(
              `waited ${timeoutMs} ms for ${count} push(es) answered ${status}${endpoint ? ` at ${endpoint}` : ''}; ` +
                `received ${seen.length}: ${seen.join('; ') || 'none'}`,
            ),
          );
        }, timeoutMs);
        waiters.set(check, fail);
        check();
      });
    },
    hanging: () => held.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const fail of [...waiters.values()]) fail(new Error('the fake push service closed'));
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

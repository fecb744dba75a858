// The fake Web Push service (tests/support/fake-push-service.ts) against the real web-push package: it decrypts
// what web-push encrypts, refuses what a real push service refuses (RFC 8030, 8291, 8292), and its scripted answers
// reach web-push as a real push service's would. Over https, trusted through NODE_EXTRA_CA_CERTS (vitest.config.ts).
import { request } from 'node:https';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import webpush, { type RequestDetails, type VapidKeys, WebPushError } from 'web-push';
import { type FakePushService, startFakePushService } from '../support/fake-push-service.js';

const SUBJECT = 'mailto:push@brewconnect.example';
let vapid: VapidKeys;
let service: FakePushService;

beforeAll(async () => {
  vapid = webpush.generateVAPIDKeys();
  service = await startFakePushService({ vapidPublicKey: vapid.publicKey });
});
afterAll(async () => {
  await service?.close();
});

const vapidDetails = () => ({ subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey });

/** Sends a request exactly as given (web-push's own details, perhaps altered); resolves with the answer. */
function post(
  endpoint: string,
  details: { headers: Record<string, string | number>; body: Buffer | null },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(endpoint, { method: 'POST', headers: details.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}

/** web-push's request for a push of `payload` to a new subscription, with its own VAPID header. */
function requestFor(payload = '{"title":"Order ready"}') {
  const subscription = service.subscribe();
  const details: RequestDetails = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: vapidDetails(),
    TTL: 60,
  });
  return { subscription, details, headers: { ...details.headers } as Record<string, string | number> };
}

/** A VAPID Authorization header signed with our key but with the given claims (web-push would refuse to make it). */
async function signedWith(claims: Record<string, unknown>): Promise<string> {
  const point = Buffer.from(vapid.publicKey, 'base64url');
  const privateKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      d: vapid.privateKey,
    },
    'ES256',
  );
  const token = await new SignJWT(claims).setProtectedHeader({ typ: 'JWT', alg: 'ES256' }).sign(privateKey);
  return `vapid t=${token}, k=${vapid.publicKey}`;
}

/** What web-push's promise rejected with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the push to fail');
}

describe('a push from web-push', () => {
  test('decrypts to the payload sent and records TTL, Urgency, Topic and the VAPID claims', async () => {
    const subscription = service.subscribe();
    const payload = { title: 'Order ready', body: 'Your flat white is ready at Truth Coffee', orderId: 42 };
    const sent = await webpush.sendNotification(subscription, JSON.stringify(payload), {
      vapidDetails: vapidDetails(),
      TTL: 3600,
      urgency: 'high',
      topic: 'order-42',
      timeout: 2000,
    });

    expect(sent.statusCode).toBe(201);
    expect(sent.headers.location).toMatch(new RegExp(`^${service.origin}/message/`));
    const [push] = await service.waitFor(1, { endpoint: subscription.endpoint });
    expect(push).toMatchObject({
      endpoint: subscription.endpoint,
      status: 201,
      reason: null,
      text: JSON.stringify(payload),
      json: payload,
      ttl: 3600,
      urgency: 'high',
      topic: 'order-42',
      vapid: { aud: service.origin, sub: SUBJECT, publicKey: vapid.publicKey },
    });
    const now = Date.now() / 1000;
    expect(push!.vapid!.exp).toBeGreaterThan(now);
    expect(push!.vapid!.exp).toBeLessThanOrEqual(now + 24 * 3600);
  });

  test('a text payload is recorded as text, with no JSON', async () => {
    const subscription = service.subscribe();
    await webpush.sendNotification(subscription, 'plain words', { vapidDetails: vapidDetails(), TTL: 0 });
    const [push] = await service.waitFor(1, { endpoint: subscription.endpoint });
    expect(push).toMatchObject({
      text: 'plain words',
      json: undefined,
      ttl: 0,
      urgency: 'normal',
      topic: null,
    });
  });

  test('a push without a payload is delivered with none', async () => {
    const subscription = service.subscribe();
    await webpush.sendNotification(subscription, null, { vapidDetails: vapidDetails(), TTL: 60 });
    const [push] = await service.waitFor(1, { endpoint: subscription.endpoint });
    expect(push).toMatchObject({ status: 201, text: null });
  });

  test('a body over 4096 bytes is refused 413', async () => {
    const subscription = service.subscribe();
    const error = await failureOf(
      webpush.sendNotification(subscription, 'x'.repeat(4096), { vapidDetails: vapidDetails(), TTL: 60 }),
    );
    expect(error).toBeInstanceOf(WebPushError);
    expect((error as WebPushError).statusCode).toBe(413);
    expect(service.received.filter((push) => push.endpoint === subscription.endpoint)).toMatchObject([
      { status: 413, text: null },
    ]);
  });
});

describe('what a real push service refuses', () => {
  test('a JWT signed with another application server key is refused 403 and not delivered', async () => {
    const subscription = service.subscribe();
    const stranger = webpush.generateVAPIDKeys();
    const error = await failureOf(
      webpush.sendNotification(subscription, 'hello', {
        vapidDetails: { subject: SUBJECT, publicKey: stranger.publicKey, privateKey: stranger.privateKey },
        TTL: 60,
      }),
    );
    expect((error as WebPushError).statusCode).toBe(403);
    expect(service.received.filter((push) => push.endpoint === subscription.endpoint)).toMatchObject([
      {
        status: 403,
        reason: 'k is not the application server key this subscription was made with',
        text: null,
      },
    ]);
  });

  test('a k that does not match the JWT signature is refused 403', async () => {
    const { subscription, details, headers } = requestFor();
    const stranger = webpush.generateVAPIDKeys();
    const strangerHeader = webpush.getVapidHeaders(
      service.origin,
      SUBJECT,
      stranger.publicKey,
      stranger.privateKey,
      'aes128gcm',
    ).Authorization;
    // The stranger's JWT presented with our key: the signature cannot verify.
    headers.Authorization = strangerHeader.replace(`k=${stranger.publicKey}`, `k=${vapid.publicKey}`);
    const answer = await post(subscription.endpoint, { headers, body: details.body });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).message).toMatch(/does not verify/);
  });

  test('a JWT for another audience is refused 403', async () => {
    const { subscription, details, headers } = requestFor();
    headers.Authorization = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      SUBJECT,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    ).Authorization;
    const answer = await post(subscription.endpoint, { headers, body: details.body });
    expect(answer.status).toBe(403);
    expect(service.received.at(-1)).toMatchObject({
      status: 403,
      reason: `aud must be the push service's origin ${service.origin}`,
      vapid: { aud: 'https://fcm.googleapis.com' },
    });
  });

  test('an expired JWT, one valid for over 24 hours, and a sub that is not mailto: or https: are refused 403', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      { claims: { aud: service.origin, exp: now - 60, sub: SUBJECT }, reason: 'the VAPID JWT has expired' },
      {
        claims: { aud: service.origin, exp: now + 25 * 3600, sub: SUBJECT },
        reason: 'exp must be no more than 24 hours ahead',
      },
      {
        claims: { aud: service.origin, exp: now + 3600, sub: 'http://brewconnect.example' },
        reason: 'sub must be a mailto: or https: URL',
      },
    ];
    for (const { claims, reason } of cases) {
      const { subscription, details, headers } = requestFor();
      headers.Authorization = await signedWith(claims);
      const answer = await post(subscription.endpoint, { headers, body: details.body });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).message).toBe(reason);
    }
  });

  test('no Authorization, or another scheme, is refused 401', async () => {
    for (const authorization of [undefined, `WebPush ${'x'.repeat(20)}`]) {
      const { subscription, details, headers } = requestFor();
      if (authorization === undefined) delete headers.Authorization;
      else headers.Authorization = authorization;
      expect((await post(subscription.endpoint, { headers, body: details.body })).status).toBe(401);
    }
  });

  test('a missing TTL, a wrong Urgency or Topic, or another Content-Encoding is refused 400', async () => {
    const alterations: ((headers: Record<string, string | number>) => void)[] = [
      (headers) => delete headers.TTL,
      (headers) => {
        headers.Urgency = 'urgent';
      },
      (headers) => {
        headers.Topic = 'order 42 is ready!';
      },
      (headers) => {
        headers.Topic = 'a'.repeat(33);
      },
      (headers) => {
        headers['Content-Encoding'] = 'aesgcm';
      },
    ];
    for (const alter of alterations) {
      const { subscription, details, headers } = requestFor();
      alter(headers);
      expect((await post(subscription.endpoint, { headers, body: details.body })).status).toBe(400);
    }
  });

  test('a body encrypted for another subscription does not decrypt and is refused 400', async () => {
    const { details, headers } = requestFor();
    const other = service.subscribe();
    const answer = await post(other.endpoint, { headers, body: details.body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/does not decrypt/);
  });

  test('a tampered body fails its authentication tag and is refused 400', async () => {
    const { subscription, details, headers } = requestFor();
    const body = Buffer.from(details.body!);
    body[body.length - 20]! ^= 1;
    expect((await post(subscription.endpoint, { headers, body })).status).toBe(400);
  });

  test('an endpoint the service never made is 404', async () => {
    const { details, headers } = requestFor();
    const answer = await post(`${service.origin}/push/nobody`, { headers, body: details.body });
    expect(answer.status).toBe(404);
  });

  test('nothing refused was ever recorded as delivered', () => {
    const refused = service.received.filter((push) => push.reason !== null);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((push) => push.status !== 201 && push.text === null)).toBe(true);
  });
});

describe('scripted answers', () => {
  test.each([404, 410, 500] as const)(
    '%i reaches web-push as a WebPushError with that statusCode',
    async (status) => {
      const subscription = service.subscribe();
      service.respond(subscription.endpoint, status);
      const error = await failureOf(
        webpush.sendNotification(subscription, 'hi', { vapidDetails: vapidDetails(), TTL: 60 }),
      );
      expect(error).toBeInstanceOf(WebPushError);
      expect((error as WebPushError).statusCode).toBe(status);
      expect((error as WebPushError).endpoint).toBe(subscription.endpoint);
      // A well-formed push is decrypted and recorded whatever it was answered.
      expect(service.received.at(-1)).toMatchObject({ status, text: 'hi', reason: null });
    },
  );

  test('429 carries Retry-After, and a queue answers in order then keeps its last answer', async () => {
    const subscription = service.subscribe();
    service.respond(subscription.endpoint, { status: 429, retryAfter: 30 }, 201);
    const send = () =>
      webpush.sendNotification(subscription, 'hi', { vapidDetails: vapidDetails(), TTL: 60 });

    const error = (await failureOf(send())) as WebPushError;
    expect(error.statusCode).toBe(429);
    expect(error.headers['retry-after']).toBe('30');
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    expect(await service.waitFor(2, { endpoint: subscription.endpoint })).toHaveLength(2);
  });

  test('answers for every endpoint apply where an endpoint has none of its own, until reset', async () => {
    const mine = service.subscribe();
    const other = service.subscribe();
    service.respond(null, 410);
    service.respond(mine.endpoint, 201);
    try {
      expect(
        (await webpush.sendNotification(mine, 'a', { vapidDetails: vapidDetails(), TTL: 60 })).statusCode,
      ).toBe(201);
      const error = await failureOf(
        webpush.sendNotification(other, 'b', { vapidDetails: vapidDetails(), TTL: 60 }),
      );
      expect((error as WebPushError).statusCode).toBe(410);
    } finally {
      service.respond(null);
    }
    expect(
      (await webpush.sendNotification(other, 'c', { vapidDetails: vapidDetails(), TTL: 60 })).statusCode,
    ).toBe(201);
  });

  test("'hang' holds the request until web-push's timeout gives up, and counts it meanwhile", async () => {
    const subscription = service.subscribe();
    service.respond(subscription.endpoint, 'hang');
    const sending = failureOf(
      webpush.sendNotification(subscription, 'hi', { vapidDetails: vapidDetails(), TTL: 60, timeout: 300 }),
    );
    await service.waitFor(1, { endpoint: subscription.endpoint, status: 'hang' });
    expect(service.hanging()).toBe(1);

    const error = (await sending) as Error;
    expect(error).not.toBeInstanceOf(WebPushError);
    expect(error.message).toBe('Socket timeout');
    await expect.poll(() => service.hanging()).toBe(0);
  });

  test('waitFor rejects after its timeout, naming what did arrive', async () => {
    const subscription = service.subscribe();
    await expect(service.waitFor(1, { endpoint: subscription.endpoint, timeoutMs: 50 })).rejects.toThrow(
      /waited 50 ms for 1 push\(es\) answered 201/,
    );
  });
});

test('close() releases requests still held open', async () => {
  const own = await startFakePushService();
  const subscription = own.subscribe();
  own.respond(null, 'hang');
  const sending = failureOf(
    webpush.sendNotification(subscription, 'hi', { vapidDetails: vapidDetails(), TTL: 60 }),
  );
  await own.waitFor(1, { status: 'hang' });
  expect(own.hanging()).toBe(1);
  await own.close();
  expect((await sending) as NodeJS.ErrnoException).toMatchObject({ code: 'ECONNRESET' });
});

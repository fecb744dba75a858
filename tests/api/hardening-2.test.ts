// Hardening over real HTTP (issue 33): no token signed with a secret from the source is believed.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('access tokens: no secret from the source signs one', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => server?.close());

  test('a token signed with the old development constant is refused 401', async () => {
    const customer = await makeUser(server.api);
    // The constant config.ts used when JWT_SECRET was unset: anyone who read the source could sign as anyone.
    const formerConstant = new TextEncoder().encode(
      'development-only-secret-change-me-in-production-0123456789',
    );
    const forged = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(formerConstant);
    expect((await server.api.as(forged).get('/api/orders')).status).toBe(401);
    expect((await server.api.as(customer).get('/api/orders')).status).toBe(200);
  });
});

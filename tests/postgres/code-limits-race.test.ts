// Two app instances on one PostgreSQL database, sign-up codes asked for and guessed at on both at once: one email is
// sent 5 codes an hour and a code is compared 5 times, however the requests are spread (issue 33, rule 22).
// Needs DATABASE_URL (npm run test:postgres).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verificationCodes } from '../../src/server/db/schema.js';
import { captureMail, wrongCodeFor } from '../support/captured-mail.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The code limits race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('sign-up code limits across two instances on PostgreSQL', () => {
  const mail = captureMail();
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startAppOn>>;
  beforeAll(async () => {
    first = await startTestApp({ mailer: mail.mailer });
    second = await startAppOn(first.database, { mailer: mail.mailer });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const apiOf = (index: number) => (index % 2 === 0 ? first.api : second.api);

  test('20 send-code requests at once, half on each instance, send 5 mails', async () => {
    const email = 'two-instances@example.co.za';
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => apiOf(index).post('/api/auth/send-code', { email })),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(15);
    expect(mail.sentTo(email)).toHaveLength(5);
  });

  test('18 wrong guesses at once, half on each instance, get 5 checks', async () => {
    const email = 'guessed-twice@example.co.za';
    await first.api.post('/api/auth/send-code', { email });
    const wrong = wrongCodeFor(mail.codeFor(email));
    const userData = { username: 'Guesser', password: 'bobotie1', role: 'customer' };
    const replies = await Promise.all(
      Array.from({ length: 18 }, (_, index) =>
        apiOf(index).post<{ message: string }>('/api/auth/verify-code', { email, code: wrong, userData }),
      ),
    );
    expect(replies.filter((reply) => /incorrect/.test(reply.body.message))).toHaveLength(5);
    const [row] = await first.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row).toMatchObject({ failedAttempts: 5, spentAt: expect.any(Date) });
  });
});

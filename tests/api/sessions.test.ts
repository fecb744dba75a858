// Sessions that really end (issue 28): every sign-in makes one, the token names it, and signing out, signing out
// elsewhere or a password reset ends it on every route and socket; a forgotten password is reset by a mailed code.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outbox, sessions, users, verificationCodes } from '../../src/server/db/schema.js';
import { isLiveSession, lastSeenWritten } from '../../src/server/features/auth/sessions.js';
import { PASSWORD_RESET_SENT, RESET_CODE_EXPIRED, type Session } from '../../src/shared/api/account.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { captureMail, wrongCodeFor } from '../support/captured-mail.js';
import { makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

const mail = captureMail();
let server: TestApp;

beforeAll(async () => {
  // X-Forwarded-For from 127.0.0.1 is believed, so the per-address limits can be tested (and kept out of the way of
  // the other tests) with addresses of their own; without the header the client is 127.0.0.1 as before.
  server = await startTestApp({ mailer: mail.mailer, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await server?.close();
});

/** Signs in again as `who` from a browser named `agent`. */
async function signIn(who: AuthResponse, agent = 'Test browser', password = 'flatwhite1') {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    body: JSON.stringify({ email: who.user.email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AuthResponse;
}
const me = (who: { accessToken: string }) => server.api.as(who).get('/api/auth/me');
/** The mails to `email` once there are `count`, leaving out the confirmation every /register account gets. */
async function mailsTo(email: string, count: number) {
  const sent = () =>
    mail.sentTo(email).filter((one) => !one.subject.startsWith('Confirm your Brew Connect email'));
  for (let waited = 0; sent().length < count && waited < 5_000; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return sent();
}

describe('sessions', () => {
  test('each sign-in is a session, listed with its browser and address; the current one is marked', async () => {
    const user = await makeUser(server.api);
    const laptop = await signIn(user, 'Laptop Firefox');
    const list = await server.api.as(laptop).get<Session[]>('/api/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.find((one) => one.current)).toMatchObject({
      userAgent: 'Laptop Firefox',
      address: '127.0.0.1',
    });
    expect(list.body.filter((one) => one.current)).toHaveLength(1);
    expect((await server.api.get('/api/auth/sessions')).status).toBe(401);
  });

  test('logout ends this session only: its token is refused everywhere, the other keeps working', async () => {
    const user = await makeUser(server.api);
    const phone = await signIn(user, 'Phone Safari');
    expect((await server.api.as(phone).post('/api/auth/logout')).status).toBe(204);
    expect((await me(phone)).status).toBe(401);
    expect((await server.api.as(phone).get('/api/orders')).status).toBe(401);
    expect((await me(user)).status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(sql`revoked_at is not null and user_id = ${user.user.id}`);
    expect(row!.userAgent).toBe('Phone Safari');
  });

  test("an open socket of an ended session is closed; another session's socket stays", async () => {
    const user = await makeUser(server.api);
    const phone = await signIn(user, 'Phone');
    const [phoneSocket, laptopSocket] = [
      await connect(server.baseUrl, phone.accessToken),
      await connect(server.baseUrl, user.accessToken),
    ];
    try {
      const started = Date.now();
      await server.api.as(user).delete(`/api/auth/sessions/${sessionIdOf(phone)}`);
      const { code } = await phoneSocket.closed;
      expect(code).toBe(4401);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The other session's socket still hears its events: a ping of its own is answered by nothing, so it is
      // checked by the socket not having closed.
      const stillOpen = await Promise.race([
        laptopSocket.closed.then(() => false),
        new Promise((r) => setTimeout(() => r(true), 200)),
      ]);
      expect(stillOpen).toBe(true);
      // And a new socket with the ended token is refused.
      const again = await connect(server.baseUrl, phone.accessToken).catch((error: Error) => error);
      expect(again instanceof Error ? again.message : 'opened').toMatch(/authentication refused/);
    } finally {
      phoneSocket.close();
      laptopSocket.close();
    }
  });

  test('DELETE a session: only your own (404 otherwise); logout-others keeps only this one', async () => {
    const user = await makeUser(server.api);
    const other = await makeUser(server.api);
    const tablet = await signIn(user, 'Tablet');
    await signIn(user, 'Work PC');
    expect((await server.api.as(other).delete(`/api/auth/sessions/${sessionIdOf(tablet)}`)).status).toBe(404);
    expect((await me(tablet)).status).toBe(200);
    expect((await server.api.as(user).delete('/api/auth/sessions/not-a-session')).status).toBe(400);
    expect((await server.api.as(user).post('/api/auth/logout-others')).status).toBe(204);
    expect((await me(tablet)).status).toBe(401);
    const left = await server.api.as(user).get<Session[]>('/api/auth/sessions');
    expect(left.body.map((one) => one.current)).toEqual([true]);
    // An ended session cannot be ended again.
    expect((await server.api.as(user).delete(`/api/auth/sessions/${sessionIdOf(tablet)}`)).status).toBe(404);
  });

  test('a malformed session id is a 400 naming it, never a 500; a well-formed unknown one is 404', async () => {
    const user = await makeUser(server.api);
    const malformed = [
      '-'.repeat(36),
      'a'.repeat(36),
      '0'.repeat(36),
      '0123456789abcdef-0123-4567-89ab-cdef',
      '01234567-89ab-cdef-0123-456789abcdeg',
    ];
    for (const id of malformed) {
      const answer = await server.api.as(user).delete<{ message: string }>(`/api/auth/sessions/${id}`);
      expect(answer.status, id).toBe(400);
      expect(answer.body.message).toContain('id must be a session id from GET /api/auth/sessions');
    }
    const unknown = await server.api
      .as(user)
      .delete<{ message: string }>(`/api/auth/sessions/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Session not found' } });
    expect((await me(user)).status).toBe(200);
    expect(
      await server.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.user.id), sql`revoked_at is not null`)),
    ).toEqual([]);
  });

  test('last seen moves at most once a minute: two requests that both find it old write it once', async () => {
    const user = await makeUser(server.api);
    const subject = { id: user.user.id, role: user.user.role, sid: sessionIdOf(user) };
    const db = server.database.db;
    const lastSeenOf = async () =>
      (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, subject.sid)))[0]!
        .at;
    // Fresh from sign-up: a request does not write it.
    const fresh = await lastSeenOf();
    expect((await me(user)).status).toBe(200);
    await lastSeenWritten();
    expect(await lastSeenOf()).toEqual(fresh);
    // Two minutes old; a trigger of this test's database counts the rows written from now on.
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, subject.sid));
    const old = await lastSeenOf();
    await db.execute(sql`create table test_last_seen_writes (session_id uuid not null)`);
    await db.execute(sql`create function test_count_last_seen() returns trigger language plpgsql as $$
      begin insert into test_last_seen_writes values (new.id); return new; end $$`);
    await db.execute(sql`create trigger test_count_last_seen after update of last_seen_at on sessions
      for each row execute function test_count_last_seen()`);
    const writes = async () =>
      (
        (await db.execute(
          sql`select count(*)::int as n from test_last_seen_writes where session_id = ${subject.sid}::uuid`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    try {
      // Two requests' session checks at once, as a page's parallel calls make them: both read the old time before
      // either write lands (called directly, so that they surely do; over HTTP one often finishes first).
      expect(await Promise.all([isLiveSession(db, subject), isLiveSession(db, subject)])).toEqual([
        true,
        true,
      ]);
      await lastSeenWritten();
      expect(await writes()).toBe(1);
      const moved = await lastSeenOf();
      expect(moved.getTime()).toBeGreaterThan(old.getTime() + 60_000);
      // Then quick requests find it fresh: no write at all.
      const answers = await Promise.all([me(user), me(user)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await lastSeenWritten();
      expect(await writes()).toBe(1);
      expect(await lastSeenOf()).toEqual(moved);
    } finally {
      await db.execute(sql`drop trigger test_count_last_seen on sessions`);
      await db.execute(sql`drop function test_count_last_seen()`);
      await db.execute(sql`drop table test_last_seen_writes`);
    }
  });

  test('a sign-in from a browser the account never used is told by mail; a known browser is not', async () => {
    const user = await makeUser(server.api);
    await signIn(user, 'Known browser');
    await signIn(user, 'Known browser');
    await signIn(user, 'Strange browser 9000');
    const mails = await mailsTo(user.user.email, 2);
    expect(mails.map((one) => one.subject)).toEqual([
      'New sign-in to your Brew Connect account',
      'New sign-in to your Brew Connect account',
    ]);
    expect(mails[1]!.text).toContain('Strange browser 9000');
    expect(mails[1]!.text).toContain("If this wasn't you, reset your password");
  });
});

describe('forgotten password', () => {
  const request = (email: string) =>
    server.api.post<{ message: string }>('/api/auth/password-reset/request', { email });
  const confirm = (body: Record<string, unknown>) =>
    server.api.post<AuthResponse & { message: string }>('/api/auth/password-reset/confirm', body);
  /** A reset asked for from `address` (through a proxy the test app trusts). */
  const requestFrom = async (address: string, email: string) => {
    const response = await fetch(`${server.baseUrl}/api/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  };
  /** Outbox rows not yet done that are about `email`: a reset asked for, or a mail to it. */
  const outboxPendingFor = async (email: string) =>
    (
      await server.database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            sql`${outbox.doneAt} is null`,
            sql`(${outbox.payload}->>'email' = ${email} or ${outbox.payload}->>'to' = ${email})`,
          ),
        )
    ).length;
  /** Waits until the outbox has done everything about `email` (made its codes, sent its mails). */
  async function outboxDoneFor(email: string) {
    for (let waited = 0; (await outboxPendingFor(email)) > 0 && waited < 5_000; waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await outboxPendingFor(email)).toBe(0);
  }

  test('the same answer for an account and for none; only the account gets a code', async () => {
    const user = await makeUser(server.api);
    const known = await request(user.user.email);
    const unknown = await request('nobody-here@example.co.za');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: PASSWORD_RESET_SENT });
    expect(unknown.body).toEqual(known.body);
    const [codeMail] = await mailsTo(user.user.email, 1);
    expect(codeMail!.subject).toMatch(/password reset code: \d{6}$/);
    const [none] = await mailsTo('nobody-here@example.co.za', 1);
    expect(none!.text).not.toMatch(/\d{6}/);
  });

  test('the code sets a new password, ends every session and starts a new one; it is spent after use', async () => {
    const user = await makeUser(server.api);
    const laptop = await signIn(user, 'Laptop');
    await request(user.user.email);
    await mailsTo(user.user.email, 2); // the new sign-in's, and the code's
    const codeMail = mail.sentTo(user.user.email).find((one) => one.subject.includes('reset code'));
    const code = /(\d{6})/.exec(codeMail!.subject)![1]!;
    const short = await confirm({ email: user.user.email, code, password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 6 characters/);
    const done = await confirm({ email: user.user.email, code, password: 'cortado42' });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(user.user.id);
    expect((await me(done.body)).status).toBe(200);
    expect((await me(user)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    const again = await confirm({ email: user.user.email, code, password: 'cortado43' });
    expect(again.body.message).toBe(RESET_CODE_EXPIRED);
    await signIn(user, 'Laptop', 'cortado42');
    const changed = await mailsTo(user.user.email, 3);
    expect(changed.map((one) => one.subject)).toContain('Your Brew Connect password was changed');
  });

  test('a new request replaces the old code; 5 wrong tries spend it; an expired code says so', async () => {
    const user = await makeUser(server.api);
    await request(user.user.email);
    await request(user.user.email);
    const mails = await mailsTo(user.user.email, 2);
    const [first, second] = mails.map((one) => /(\d{6})/.exec(one.subject)![1]!);
    // The first code is no longer good: trying it is a wrong try at the latest.
    const old = await confirm({
      email: user.user.email,
      code: first === second ? wrongCodeFor(second!) : first,
      password: 'newpass1',
    });
    expect(old.body.message).toBe('That code is not right. 4 tries left.');
    for (let attempt = 2; attempt < 5; attempt += 1) {
      const wrong = await confirm({
        email: user.user.email,
        code: wrongCodeFor(second!),
        password: 'newpass1',
      });
      expect(wrong.body.message).toBe(
        `That code is not right. ${5 - attempt} ${attempt === 4 ? 'try' : 'tries'} left.`,
      );
    }
    const fifth = await confirm({
      email: user.user.email,
      code: wrongCodeFor(second!),
      password: 'newpass1',
    });
    expect(fifth.body.message).toBe(RESET_CODE_EXPIRED);
    const right = await confirm({ email: user.user.email, code: second, password: 'newpass1' });
    expect(right.body.message).toBe(RESET_CODE_EXPIRED);
    // Expired: a fresh code moved 16 minutes into the past.
    await request(user.user.email);
    const latest = (await mailsTo(user.user.email, 3))[2]!;
    await server.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verificationCodes.email, user.user.email));
    const late = await confirm({
      email: user.user.email,
      code: /(\d{6})/.exec(latest.subject)![1],
      password: 'newpass1',
    });
    expect(late.body.message).toBe(RESET_CODE_EXPIRED);
    // The password never changed.
    await signIn(user);
  });

  test('an unknown email answers no faster or slower than a known one (means within 20 %)', async () => {
    const worker = server.app.deps.outbox;
    /** Lets the outbox finish what earlier requests queued, so no request is timed while it works. */
    const quiet = async () => {
      do await worker.idle();
      while ((await worker.runOnce()) > 0);
    };
    let caller = 0;
    const time = async (email: string) => {
      await quiet();
      // Each from its own address: the per-address limit (30 an hour) must not answer some of them with 429.
      caller += 1;
      const started = performance.now();
      const reply = await requestFrom(`203.0.113.${caller}`, email);
      const elapsed = performance.now() - started;
      expect(reply.status).toBe(200);
      return elapsed;
    };
    // Interleaved, after a warm-up of each; each email asks 4 times (the hourly limit is 5 per email).
    const emails = Array.from({ length: 6 }, (_, index) => `ghost${index}-${Date.now()}@example.co.za`);
    const accounts = await Promise.all(emails.map(() => makeUser(server.api)));
    await time((await makeUser(server.api)).user.email);
    await time(`warm-up-${Date.now()}@example.co.za`);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < emails.length; index += 1) {
        known.push(await time(accounts[index]!.user.email));
        unknown.push(await time(emails[index]!));
      }
    }
    // Means of the middle 16 of each 24 (a scheduler's hiccup on a busy machine is not the server's answer): both
    // answers only queue the work, while a path that made and mailed a code for a real account before answering
    // would take several times as long.
    const mean = (values: number[]) => {
      const middle = [...values].sort((a, b) => a - b).slice(4, -4);
      return middle.reduce((sum, value) => sum + value, 0) / middle.length;
    };
    expect(mean(unknown) / mean(known)).toBeGreaterThan(0.8);
    expect(mean(unknown) / mean(known)).toBeLessThan(1.2);
  });

  test('one address may ask for 30 resets an hour: the next is 429 and queues nothing; another address still may', async () => {
    const user = await makeUser(server.api);
    const from = '198.51.100.30';
    const queuedFrom = async (address: string) =>
      (
        await server.database.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            and(eq(outbox.kind, 'password_reset'), sql`${outbox.payload}->>'requestedFrom' = ${address}`),
          )
      ).length;
    // The limit of /api/auth/password-reset/request (auth/routes.ts codeSendLimit), counted per client address.
    for (let index = 0; index < 30; index += 1)
      expect((await requestFrom(from, `asked${index}-${user.user.id}@example.co.za`)).status).toBe(200);
    const refused = await requestFrom(from, user.user.email);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/rate limit|too many/i);
    expect(await queuedFrom(from)).toBe(30);
    await outboxDoneFor(user.user.email);
    expect(mail.sentTo(user.user.email).filter((one) => one.subject.includes('reset code'))).toEqual([]);
    // Another address is not held back by this one.
    const elsewhere = await requestFrom('198.51.100.31', user.user.email);
    expect(elsewhere).toEqual({ status: 200, body: { message: PASSWORD_RESET_SENT } });
    const [codeMail] = await mailsTo(user.user.email, 1);
    expect(codeMail!.subject).toMatch(/password reset code: \d{6}$/);
  });

  test('past 5 codes an hour for one email, a request still answers the same 200 but makes no code and sends nothing', async () => {
    const user = await makeUser(server.api);
    const from = '198.51.100.40';
    for (let index = 0; index < 6; index += 1)
      expect(await requestFrom(from, user.user.email)).toEqual({
        status: 200,
        body: { message: PASSWORD_RESET_SENT },
      });
    await outboxDoneFor(user.user.email);
    const codes = await server.database.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.purpose, 'password_reset'), eq(verificationCodes.email, user.user.email)),
      );
    expect(codes).toHaveLength(5);
    const sent = mail.sentTo(user.user.email).filter((one) => one.subject.includes('reset code'));
    expect(sent).toHaveLength(5);
    // The same for an email no account uses: five 'no account' mails, then silence, and the same answer.
    const nobody = `nobody-${user.user.id}@example.co.za`;
    for (let index = 0; index < 6; index += 1)
      expect((await requestFrom(from, nobody)).body).toEqual({ message: PASSWORD_RESET_SENT });
    await outboxDoneFor(nobody);
    expect(mail.sentTo(nobody)).toHaveLength(5);
  });

  test('the password stays as it was after refusals; the user row is checked', async () => {
    const user = await makeUser(server.api);
    const before = (await server.database.db.select().from(users).where(eq(users.id, user.user.id)))[0]!;
    await confirm({ email: user.user.email, code: '123456', password: 'newpass1' });
    const after = (await server.database.db.select().from(users).where(eq(users.id, user.user.id)))[0]!;
    expect(after.passwordHash).toBe(before.passwordHash);
  });
});

/** The session id inside an access token (its sid claim). */
function sessionIdOf(who: { accessToken: string }): string {
  const payload = JSON.parse(Buffer.from(who.accessToken.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
  };
  return payload.sid;
}

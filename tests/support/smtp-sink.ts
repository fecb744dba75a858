// A real SMTP server on 127.0.0.1 that keeps every mail it receives, so tests can read sign-up codes.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to this address (or one already received and not yet taken). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code in the newest mail to this address. */
  codeFor(address: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        const waiter = waiters.findIndex((w) => mail.to.includes(w.address));
        if (waiter >= 0) {
          taken.add(mail);
          waiters.splice(waiter, 1)[0]!.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const nextMailTo = (to: string, timeoutMs = 10_000) => {
    const address = to.toLowerCase();
    const ready = mails.find((mail) => !taken.has(mail) && mail.to.includes(address));
    if (ready) {
      taken.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        address,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo,
    async codeFor(to) {
      const mail = await nextMailTo(to);
      const match = /code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''));
      if (!match) throw new Error(`no code in the mail to ${to}`);
      return match[1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A mailer that keeps what it is asked to send, for tests that count mails or read a sign-up code out of one.
import type { Mailer, MailMessage } from '../../src/server/integrations/mail.js';

export function captureMail() {
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void mails.push(message), close() {} };
  return {
    mailer,
    /** The mails sent to this address, in order. */
    sentTo: (email: string) => mails.filter((mail) => mail.to === email),
    /** The 6-digit code of the first mail sent to this address. */
    codeFor(email: string): string {
      const code = mails
        .map((mail) => /\b(\d{6})\b/.exec(mail.to === email ? mail.text : '')?.[1])
        .find(Boolean);
      if (!code) throw new Error(`no code was mailed to ${email}`);
      return code;
    },
  };
}

/** A six-digit code that is surely wrong. */
export const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

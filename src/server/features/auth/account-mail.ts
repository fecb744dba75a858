// The mails that keep an account safe (issue 28): a password reset code, a changed password, a new device signed
// in, an email address being changed. Sent through the outbox (kind 'mail'), written with the change.
import { formatLocal } from '../../../shared/domain/local-date.js';
import type { MailMessage } from '../../integrations/mail.js';

const IF_NOT_YOU =
  "If this wasn't you, reset your password now: on the sign-in page choose 'Forgot password?'.";

export function resetCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Your Brew Connect password reset code: ${code}`,
    text: [
      'Someone (we hope you) asked to reset the password of your Brew Connect account.',
      '',
      `Your code is ${code}. It expires in ${minutes} minutes.`,
      'If you did not ask, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/** To an address no account uses: the same steps are taken for it, so the answer cannot tell who has an account. */
export function noAccountMail(to: string): MailMessage {
  return {
    to,
    subject: 'Brew Connect password reset',
    text: [
      'Someone asked to reset the password of a Brew Connect account with this email address,',
      'but no account uses it. If you did not ask, you can ignore this email.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, at: Date): MailMessage {
  return {
    to,
    subject: 'Your Brew Connect password was changed',
    text: [
      `The password of your Brew Connect account was changed on ${formatLocal(at, 'd MMM yyyy')} at ${formatLocal(at, 'HH:mm')}.`,
      'Every other device was signed out.',
      '',
      IF_NOT_YOU,
    ].join('\n'),
  };
}

export function newDeviceMail(
  to: string,
  userAgent: string | null,
  address: string | null,
  at: Date,
): MailMessage {
  return {
    to,
    subject: 'New sign-in to your Brew Connect account',
    text: [
      `Your Brew Connect account was signed in to on ${formatLocal(at, 'd MMM yyyy')} at ${formatLocal(at, 'HH:mm')}`,
      `from a browser it had not been used on before: ${userAgent ?? 'unknown browser'}${address ? ` (${address})` : ''}.`,
      '',
      IF_NOT_YOU,
    ].join('\n'),
  };
}

export function emailCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Confirm your new Brew Connect email: ${code}`,
    text: [
      'Someone (we hope you) asked to use this address for their Brew Connect account.',
      '',
      `Your code is ${code}. It expires in ${minutes} minutes. If you did not ask, ignore this email.`,
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Brew Connect email address was changed',
    text: [
      `Your Brew Connect account now uses ${newEmail}; mail will no longer come to this address.`,
      '',
      IF_NOT_YOU,
    ].join('\n'),
  };
}

export function confirmEmailMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Confirm your Brew Connect email: ${code}`,
    text: [
      'Welcome to Brew Connect!',
      '',
      `Your code is ${code}. Enter it in the banner at the top of the app to confirm this is your email address.`,
      `It expires in ${minutes} minutes. If you did not sign up, you can ignore this email.`,
    ].join('\n'),
  };
}

/** The texts of the mails the product sends. */
import type { MailMessage } from './mailer.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function invitationMail(to: string, fullName: string, link: string): MailMessage {
  return {
    to,
    subject: 'You are invited to Travel Back Office',
    text: [
      `Hello ${fullName},`,
      '',
      'An administrator has created a Travel Back Office account for you.',
      '',
      'To choose your password and sign in, open this link within 7 days:',
      link,
      '',
      'The link works once. If it has expired, ask your administrator to send a new one.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Travel Back Office password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Travel Back Office account.',
      '',
      'To choose a new password, open this link within 30 minutes:',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Travel Back Office password was changed',
    text: [
      'The password of your Travel Back Office account was just changed, and every session was signed out.',
      '',
      'If you did not do this, contact your administrator at once.',
    ].join('\n'),
  };
}

import { daysWaited } from '../domain/notifications.js';
import type { MailMessage } from './transports/mail.js';

export interface NudgeMailInput {
  to: string;
  username: string;
  reviewsWaiting: number;
  oldestWaitingAt: number;
  now: number;
  /** Where the learner studies, and the web page that POSTs the token to /unsubscribe. */
  reviewsUrl: string;
  unsubscribePageUrl: string;
  /** The API's own POST /unsubscribe address, for one-click unsubscribe in mail clients (RFC 8058). */
  oneClickUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function waitedPhrase(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** The backlog email: what waits, how long, where to study, and how to stop these emails. */
export function nudgeMail(input: NudgeMailInput): MailMessage {
  const waited = waitedPhrase(daysWaited(input.oldestWaitingAt, input.now));
  const subject = `${input.reviewsWaiting} reviews are waiting for you`;
  const lead = `${input.reviewsWaiting} reviews are waiting for you, and the oldest has waited ${waited}. A short session now keeps the pile from growing.`;
  const footer = 'You get this email at most once a week, and only while reviews pile up.';
  const text = [
    `Hi ${input.username},`,
    '',
    lead,
    '',
    `Start reviewing: ${input.reviewsUrl}`,
    '',
    '--',
    footer,
    `Stop these emails: ${input.unsubscribePageUrl}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<p>Hi ${escapeHtml(input.username)},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(input.reviewsUrl)}">Start reviewing</a></p>`,
    `<hr><p style="font-size:small">${escapeHtml(footer)} <a href="${escapeHtml(input.unsubscribePageUrl)}">Stop these emails</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

import { createTransport } from 'nodemailer';
import type { Config } from '../../config/index.js';
import { retrying, type RetryPolicy } from '../retry.js';

/** One email with a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Hands one message to the mail server; throws when it was not accepted. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const MAIL_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500 };
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/** A 4xx reply (try later) or a lost connection; a 5xx reply is final. */
function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  if (responseCode !== undefined) return responseCode >= 400 && responseCode < 500;
  return code !== undefined && CONNECTION_ERRORS.has(code);
}

/** SMTP through nodemailer: SMTP_URL carries host, port, credentials and options (`?pool=true`). */
export function smtpMailTransport(options: { url: string; from: string; retry?: RetryPolicy }): MailTransport {
  const transporter = createTransport(options.url);
  return {
    send: async (message) => {
      await retrying(options.retry ?? MAIL_RETRY, () => transporter.sendMail({ ...message, from: options.from }), isTransient);
    },
    close: () => transporter.close(),
  };
}

/** The transport SMTP_URL and MAIL_FROM name; null without SMTP_URL (nudges are then decided, not sent). */
export function mailTransportFrom(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): MailTransport | null {
  return config.smtpUrl === null ? null : smtpMailTransport({ url: config.smtpUrl, from: config.mailFrom });
}

import nodemailer from 'nodemailer';
import type { MailMessage } from './compose.ts';

/** What sends a composed message: SMTP in the store, anything in a test that needs a fault. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, to `SMTP_URL` (smtp://user:pass@host:port, or smtps:// for TLS from the start).
 * Refusals (4xx, 5xx) and network trouble reject; the worker decides what happens next.
 */
export const createSmtpMailer = (url: string): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
};

import { MAIL_DEFAULTS } from '../config.ts';
import { useMailTransport } from '../accounts/mail-transport.ts';
import type { Database } from '../store/database.ts';
import { startMailWorker } from './mail-worker.ts';
import { secretHandover } from './secret-handover.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export interface MailSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  MAIL_DOMAIN?: string | undefined;
}

/**
 * With SMTP_URL, the outbox is sent (mail-worker.ts) and mails with a secret are handed over once
 * (secret-handover.ts). Without it nothing is sent: the outbox is the store's mail folder, read by an operator.
 */
export const startMail = (db: Database, settings: MailSettings): { stop(): Promise<void> } | undefined => {
  if (!settings.SMTP_URL) return undefined;
  const from = settings.MAIL_FROM ?? MAIL_DEFAULTS.from;
  const domain = settings.MAIL_DOMAIN ?? MAIL_DEFAULTS.domain;
  const mailer = createSmtpMailer(settings.SMTP_URL);
  const worker = startMailWorker(db, mailer, { from, domain });
  const restore = useMailTransport(secretHandover(db, mailer, from, domain));
  return {
    async stop() {
      restore();
      await worker.stop();
    },
  };
};

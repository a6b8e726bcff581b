import { log } from '../observability/logger.ts';

/** A mail as the mailer sends it: with its secret (a reset link) in the body, which the outbox never keeps. */
export interface DeliveredMail {
  kind: string;
  to: string;
  subject: string;
  body: string;
  /** Its outbox row. */
  outboxId?: number;
  /** It holds a secret the outbox does not keep: only this handover can send it (mail/secret-handover.ts). */
  carriesSecret?: boolean;
}

export type MailTransport = (mail: DeliveredMail) => void | Promise<void>;

let transport: MailTransport | undefined;

/**
 * The mailer that is handed a secret-bearing mail once, after its outbox row commits (the row keeps only the
 * secret's hash). With SMTP_URL set it is the SMTP handover (mail/secret-handover.ts); tests plug in a recorder.
 * Returns a function that puts the previous one back.
 */
export const useMailTransport = (next: MailTransport | undefined): (() => void) => {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
};

/** Hands the mail to the mailer once; a failure is logged without the mail's text (it holds a secret). */
export const deliverOnce = async (mail: DeliveredMail): Promise<void> => {
  try {
    await transport?.(mail);
  } catch (error) {
    log.error(
      { component: 'mail', kind: mail.kind, reason: (error as Error).name },
      'mail could not be handed to the mailer',
    );
  }
};

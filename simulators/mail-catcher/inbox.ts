import type { ParsedMail } from 'mailparser';

/** A received message as the catcher's API shows it. */
export interface CaughtMail {
  id: number;
  messageId: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  receivedAt: string;
}

/** The most messages kept: the oldest give way, so a long `npm start` cannot grow without bound. */
export const INBOX_LIMIT = 1000;

const addresses = (field: ParsedMail['to']): string[] => {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);
};

/** What arrived, in order, bounded. */
export const createInbox = () => {
  const messages: CaughtMail[] = [];
  let next = 1;
  return {
    add(mail: ParsedMail): CaughtMail {
      const caught: CaughtMail = {
        id: next++,
        messageId: mail.messageId,
        from: mail.from?.value[0]?.address?.toLowerCase() ?? '',
        to: addresses(mail.to),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : undefined,
        receivedAt: new Date().toISOString(),
      };
      messages.push(caught);
      if (messages.length > INBOX_LIMIT) messages.splice(0, messages.length - INBOX_LIMIT);
      return caught;
    },
    /** Messages to `to` (any recipient when absent) whose subject contains `subject`, oldest first. */
    find(filter: { to?: string; subject?: string }): CaughtMail[] {
      const to = filter.to?.toLowerCase();
      const subject = filter.subject?.toLowerCase();
      return messages.filter(
        (m) => (!to || m.to.includes(to)) && (!subject || m.subject.toLowerCase().includes(subject)),
      );
    },
    byId: (id: number): CaughtMail | undefined => messages.find((m) => m.id === id),
    clear(): void {
      messages.length = 0;
    },
  };
};
export type Inbox = ReturnType<typeof createInbox>;

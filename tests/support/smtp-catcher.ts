import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in this process (the `smtp-server` package), keeping what arrives parsed by `mailparser`. */
export interface SmtpCatcher {
  /** The SMTP_URL that reaches it. */
  readonly url: string;
  readonly received: ParsedMail[];
  /** The next `count` messages are refused with a temporary 451, as a busy mail server does. */
  refuseNext(count: number): void;
  /** Waits until at least `count` messages have arrived (throws after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export const startSmtpCatcher = async (): Promise<SmtpCatcher> => {
  const received: ParsedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing > 0) {
        refusing -= 1;
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusing = count;
    },
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} mails arrived, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

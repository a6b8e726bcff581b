import type { Logger } from 'pino';

/** What a log line names of a command: its id and owner on every line about it (the console finds it by either). */
export interface LoggedCommand {
  id: string;
  owner: string;
  type?: string | undefined;
}

/** A child logger for the lines about one command. Never its payload: it may hold an ЕГН or a card's last digits. */
export const commandLogger = (logger: Logger, command: LoggedCommand): Logger =>
  logger.child({ commandId: command.id, owner: command.owner, ...(command.type ? { type: command.type } : {}) });

interface SettledDocument extends LoggedCommand {
  status?: unknown;
  resultCode?: unknown;
}

/**
 * One line per command a push settled: debug when it succeeded (a line each would cost the hot path), info when
 * refused (a business answer the shopper sees), warn when it failed (a fault to look at).
 */
export const logSettled = (logger: Logger, documents: readonly SettledDocument[]): void => {
  for (const doc of documents) {
    const level = doc.status === 'failed' ? 'warn' : doc.status === 'rejected' ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) continue;
    commandLogger(logger, doc)[level]({ status: doc.status, resultCode: doc.resultCode }, 'command settled');
  }
};

import { spawnSimulator, stopChild } from '../payments/simulators.ts';

export interface MailCatcher {
  /** Its inbox, for people (`/`) and tests (`/api/messages`). */
  readonly url: string;
  /** The SMTP_URL that makes the store send to it. */
  readonly smtpUrl: string;
  stop(): Promise<void>;
}

/**
 * The mail catcher (simulators/mail-catcher) as a process of its own: `npm start` and the browser tests start it
 * unless SMTP_URL already points at a real mail server, so every mail the store sends can be read.
 */
export const startMailCatcher = async (): Promise<MailCatcher> => {
  const sim = await spawnSimulator('mail-catcher', {});
  const smtpUrl = sim.also['smtp'];
  if (!smtpUrl) {
    await stopChild(sim.child);
    throw new Error('the mail catcher did not say its SMTP address');
  }
  return { url: sim.url, smtpUrl, stop: () => stopChild(sim.child) };
};

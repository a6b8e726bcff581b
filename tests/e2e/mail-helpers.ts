import { expect, type APIRequestContext } from '@playwright/test';

/** A message as the mail catcher (simulators/mail-catcher) keeps it. */
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

const catcherUrl = (): string => {
  const url = process.env.E2E_MAIL_URL;
  if (!url)
    throw new Error('E2E_MAIL_URL is not set: the mail catcher starts with the store (tests/e2e/payments-stack.ts)');
  return url;
};

/** The messages to `to` whose subject contains `subject` (case-insensitive), oldest first. */
export const mailsTo = async (
  request: APIRequestContext,
  filter: { to: string; subject?: string },
): Promise<CaughtMail[]> => {
  const query = new URLSearchParams({ to: filter.to, ...(filter.subject ? { subject: filter.subject } : {}) });
  const response = await request.get(`${catcherUrl()}/api/messages?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CaughtMail[];
};

/**
 * Waits for a message to arrive at the store's SMTP server (the mail worker sends the outbox within a second or
 * two) and returns the newest that matches.
 */
export const waitForMail = async (
  request: APIRequestContext,
  filter: { to: string; subject?: string },
  timeoutMs = 20_000,
): Promise<CaughtMail> => {
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        found = await mailsTo(request, filter);
        return found.length;
      },
      { timeout: timeoutMs, message: `a mail to ${filter.to}${filter.subject ? ` about "${filter.subject}"` : ''}` },
    )
    .toBeGreaterThan(0);
  return found[found.length - 1]!;
};

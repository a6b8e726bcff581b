import { z } from 'zod';
import { SHOP_CONTACT } from '../../schema/shop/index.ts';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/**
 * Where the shop's messages go and how many a sender may send (environment, read when used). A sender is counted
 * by owner (a guest token or an account) and by the e-mail address it writes from, in the store's shared
 * rate_limits table, so every instance shares the counts and a new guest token does not reset the e-mail's.
 */
export const messagesEnvSchema = z.object({
  /** The shop's inbox for inquiries, contact messages, feedback and reviews to moderate. */
  SHOP_MAIL_TO: z.email().max(200).default(SHOP_CONTACT.email),
  MESSAGES_OWNER_MAX: count(10),
  MESSAGES_EMAIL_MAX: count(5),
  MESSAGES_WINDOW_S: z.coerce.number().int().min(1).max(604_800).default(3600),
});
export type MessagesConfig = z.infer<typeof messagesEnvSchema>;

export const messagesConfig = (env: NodeJS.ProcessEnv = process.env): MessagesConfig => {
  const parsed = messagesEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};

import { z } from 'zod';
import type { MailLanguage } from '../../schema/alerts/account-settings.ts';

/**
 * The spec's newsletter calls: POST /api/user/subscribe { email } and DELETE with { email }, open to guests. The
 * answer's message is shown as the server wrote it: as success on code 200, otherwise as an error (spec section 7).
 */
const answerSchema = z.object({
  code: z.number().optional(),
  result: z.unknown().optional(),
  message: z.string().optional(),
});

export type NewsletterAnswer = { ok: true; message: string } | { ok: false; message: string | undefined };

/** The message of a refusal body: `result` as text, `result.error`, or the problem's `message`. */
const messageOf = (body: z.infer<typeof answerSchema>): string | undefined => {
  if (typeof body.result === 'string') return body.result;
  const error = z.object({ error: z.string() }).safeParse(body.result);
  return error.success ? error.data.error : body.message;
};

export const callNewsletter = async (
  method: 'POST' | 'DELETE',
  email: string,
  language: MailLanguage,
): Promise<NewsletterAnswer> => {
  try {
    const res = await fetch('/api/user/subscribe', {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, language }),
      signal: AbortSignal.timeout(15_000),
    });
    const parsed = answerSchema.safeParse(await res.json());
    const body = parsed.success ? parsed.data : {};
    return body.code === 200 && res.ok
      ? { ok: true, message: messageOf(body) ?? '' }
      : { ok: false, message: messageOf(body) };
  } catch {
    return { ok: false, message: undefined };
  }
};

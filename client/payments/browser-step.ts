import { z } from 'zod';

/**
 * What the browser does next to pay (sync-server/payments/gateway.ts's BrowserStep), as the begin route answers it,
 * checked here before anything is followed: the client never posts a form or navigates on an unchecked answer.
 */
const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value), 'an http(s) address');

export const browserStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post-form'), url: httpUrl, fields: z.record(z.string().max(200), z.string().max(8000)) }),
  z.object({ kind: z.literal('redirect'), url: httpUrl }),
  z.object({ kind: z.literal('none') }),
]);
export type BrowserStep = z.infer<typeof browserStepSchema>;

/** The route answers `{code, result: {step}}` like the store's other API routes; a bare step is taken too. */
export const beginAnswerSchema = z.union([
  z.object({ result: z.object({ step: browserStepSchema }) }).transform((answer) => answer.result.step),
  z.object({ result: browserStepSchema }).transform((answer) => answer.result),
  z.object({ step: browserStepSchema }).transform((answer) => answer.step),
  browserStepSchema,
]);

/**
 * A real `<form method=post>` with hidden inputs, submitted: the gateway is another origin, so the signed fields go
 * as a top-level navigation, as BORICA's manual asks (no fetch: the shopper must land on the gateway's page).
 */
export const buildPostForm = (
  doc: Document,
  url: string,
  fields: Readonly<Record<string, string>>,
): HTMLFormElement => {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = url;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
};

/** Follows a step: posts the form, or goes to the provider's page; 'none' stays (the provider decides alone). */
export const followStep = (step: BrowserStep, win: Window = window): 'left' | 'stay' => {
  if (step.kind === 'post-form') {
    const form = buildPostForm(win.document, step.url, step.fields);
    win.document.body.append(form);
    form.submit();
    return 'left';
  }
  if (step.kind === 'redirect') {
    win.location.assign(step.url);
    return 'left';
  }
  return 'stay';
};

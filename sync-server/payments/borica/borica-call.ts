import { z } from 'zod';
import type { BoricaConfig } from './borica-config.ts';

/** The gateway's address for forms and server-side calls alike. */
export const cgiLinkOf = (config: Pick<BoricaConfig, 'url'>): string => `${config.url}/cgi-bin/cgi_link`;

/**
 * A server-side answer (TRTYPE 90, 24): a flat JSON object of the response fields. Values are kept as the strings
 * the signature covers; a number or null the gateway might send is read as its text.
 */
const answerSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v))),
);

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/**
 * POSTs a signed form to the gateway and reads its JSON answer. Any failure (timeout, network, a non-2xx, a body
 * that is not the answer's shape) throws: for the hub a throw means "in doubt, ask again later", never a verdict.
 */
export const callGateway = async (
  config: Pick<BoricaConfig, 'url' | 'timeoutMs'>,
  fields: Readonly<Record<string, string>>,
  fetchFn: FetchFn,
): Promise<Record<string, string>> => {
  const response = await fetchFn(cgiLinkOf(config), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new Error(`BORICA TRTYPE ${fields['TRTYPE']}: HTTP ${response.status}`);
  const parsed = answerSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`BORICA TRTYPE ${fields['TRTYPE']}: the answer is not a field object`);
  return parsed.data;
};

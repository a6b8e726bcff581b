import { publicUrlOf } from '../config.ts';

/** The shop's address for links in mails (PUBLIC_URL), read from the environment each time it is asked. */
export const publicUrl = (): string => publicUrlOf(process.env);

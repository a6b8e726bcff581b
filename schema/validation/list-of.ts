import { z } from 'zod';

/**
 * A list answer (`{ items }`) with each entry read on its own: one this side cannot read is left out, not the
 * whole answer. The client reads the server's lists with it, and the server reads the answers it embeds in a
 * cold visit's page the same way (sync-server/http/boot-search.ts).
 */
export const listOf = <T>(schema: z.ZodType<T>) =>
  z.object({
    items: z.array(z.unknown()).transform((items) =>
      items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  });

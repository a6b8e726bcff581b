import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';

/** A new pending command document, as a client writes it before pushing. */
export const pendingCommand = <T extends CommandType>(
  at: { owner: string; clientId: string; seq: number },
  type: T,
  payload: PayloadInputOf<T>,
  overrides: Partial<CommandDocument> = {},
): CommandDocument => ({
  id: uuidv7(),
  type,
  payload: payload as Record<string, unknown>,
  ...at,
  createdAt: Date.now(),
  status: 'pending',
  serverSeq: 0,
  ...overrides,
});

/** A guest speaking the raw sync protocol over HTTP: for protocol tests that need no RxDB. */
export const createGuest = async (baseUrl: string) => {
  const created = (await (await fetch(`${baseUrl}/api/cart/create`, { method: 'POST' })).json()) as {
    result: string;
    meta: { cartId: string };
  };
  const token = created.result;
  const owner = created.meta.cartId;
  const clientId = `client-${uuidv7()}`;
  let seq = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  return {
    token,
    owner,
    clientId,
    /** A new pending command with this guest's next seq. */
    command<T extends CommandType>(
      type: T,
      payload: PayloadInputOf<T>,
      overrides: Partial<CommandDocument> = {},
    ): CommandDocument {
      seq += 1;
      return pendingCommand({ owner, clientId, seq }, type, payload, overrides);
    },
    async pushRaw(body: unknown, token_ = token) {
      const response = await fetch(`${baseUrl}/sync/commands/push`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token_}` },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async push(docs: CommandDocument[]) {
      const response = await this.pushRaw({ rows: docs.map((d) => ({ newDocumentState: d })) });
      if (response.status !== 200) throw new Error(`push refused: ${JSON.stringify(response.body)}`);
      return response.body as { conflicts: CommandDocument[] };
    },
    async pull<Doc = Record<string, unknown>>(collection: string, after = 0, limit = 1000) {
      const response = await fetch(`${baseUrl}/sync/${collection}/pull?after=${after}&limit=${limit}`, { headers });
      if (response.status !== 200) throw new Error(`pull refused: ${response.status} ${await response.text()}`);
      return (await response.json()) as {
        documents: (Doc & { serverSeq: number })[];
        checkpoint: { serverSeq: number };
      };
    },
    /** Pulls until every given command has a final status. */
    async settled(ids: string[], ms = 10_000): Promise<CommandDocument[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const { documents } = await this.pull<CommandDocument>('commands');
        const mine = documents.filter((d) => ids.includes(d.id));
        if (mine.length === ids.length && mine.every((d) => d.status !== 'pending')) return mine;
        if (Date.now() > deadline)
          throw new Error(`commands not settled: ${JSON.stringify(mine.map((d) => d.status))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async cart() {
      const { documents } = await this.pull<{ items: { sku: string; qty: number }[] }>('carts');
      return documents.at(-1);
    },
  };
};
export type Guest = Awaited<ReturnType<typeof createGuest>>;

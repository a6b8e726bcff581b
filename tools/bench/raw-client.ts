import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { v7 as uuidv7 } from 'uuid';
import type { ChangesEvent, CommandDocument, PushResponse } from '../../schema/index.ts';

/**
 * The sync protocol spoken directly with fetch, no RxDB: guest carts, pushes of ready-made command
 * documents, and the live stream. Used to load the executor and as the drain's protocol floor.
 */

export interface GuestCart {
  token: string;
  owner: string;
}

export const createGuestCart = async (baseUrl: string): Promise<GuestCart> => {
  const response = await fetch(`${baseUrl}/api/cart/create`, { method: 'POST' });
  if (!response.ok) throw new Error(`cart create answered ${response.status}`);
  const body = (await response.json()) as { result: string; meta: { cartId: string } };
  return { token: body.result, owner: body.meta.cartId };
};

/**
 * A cart command as a client pushes it, pending: add one unit of `sku`, or remove its line (a simple product's line
 * id is its sku). Every bench that builds commands by hand builds them here.
 */
export const cartCommand = (
  at: { owner: string; clientId: string; seq: number },
  change: 'add' | 'remove',
  sku: string,
  createdAt: number = Date.now(),
): CommandDocument => ({
  id: uuidv7(),
  ...(change === 'add'
    ? { type: 'cart.addItem', payload: { sku, qty: 1, options: {} } }
    : { type: 'cart.removeItem', payload: { lineId: sku } }),
  ...at,
  createdAt,
  status: 'pending',
  serverSeq: 0,
});

/**
 * `count` commands of one client, seq 1..count: add one APP3, remove the APP3 line, and so on, so each
 * succeeds and the cart never holds more than one unit.
 */
export const addRemoveCommands = (owner: string, count: number, clientId: string = uuidv7()): CommandDocument[] => {
  const base = Date.now();
  return Array.from({ length: count }, (_, i) =>
    cartCommand({ owner, clientId, seq: i + 1 }, i % 2 === 0 ? 'add' : 'remove', 'APP3', base + i),
  );
};

export const push = async (
  baseUrl: string,
  token: string,
  commands: readonly CommandDocument[],
): Promise<PushResponse<CommandDocument>> => {
  const response = await fetch(`${baseUrl}/sync/commands/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      rows: commands.map((newDocumentState) => ({ newDocumentState, assumedMasterState: null })),
    }),
  });
  const body = (await response.json()) as PushResponse<CommandDocument>;
  if (!response.ok) throw new Error(`push answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
};

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export interface RawStream {
  /** Resolves once the server said `resync` (the stream is live). */
  ready: Promise<void>;
  /** Called with every command document the stream delivers. */
  onCommand(listener: (doc: CommandDocument, at: number) => void): void;
  close(): Promise<void>;
}

export const openRawStream = (baseUrl: string, token: string): RawStream => {
  const controller = new AbortController();
  const listeners: ((doc: CommandDocument, at: number) => void)[] = [];
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      if (message.event === 'resync') resolveReady();
      if (message.event !== 'changes') return;
      const at = performance.now();
      const event = JSON.parse(message.data) as ChangesEvent<CommandDocument>;
      // Command documents, whichever collection carries them ('commands', or 'outcomes' for answers).
      for (const doc of event.documents) {
        if (typeof doc.status === 'string') for (const listener of listeners) listener(doc, at);
      }
    },
  });
  const reading = (async () => {
    try {
      const response = await fetch(`${baseUrl}/sync/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    ready,
    onCommand: (listener) => void listeners.push(listener),
    async close() {
      controller.abort();
      await reading;
    },
  };
};

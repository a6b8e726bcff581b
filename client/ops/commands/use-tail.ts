import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useEffect, useRef } from 'react';
import {
  commandTailEventSchema,
  commandTailGapSchema,
  type CommandTailEvent,
  type CommandTailGap,
} from '../../../schema/ops/command-log.ts';
import type { AccountSession } from '../../store/index.ts';

const RECONNECT_MS = 2_000;

/**
 * The live tail (`GET /api/ops/tail`, Server-Sent Events) read with fetch, not EventSource: the stream is asked with
 * the operator's bearer header, which EventSource cannot send (and a token never goes into an address). A dropped
 * stream is opened again after a pause; events that do not parse are skipped, never shown half. A `gap` says the
 * server skipped rows rather than flood the console (sync-server/ops/command-tail.ts).
 */
export const useTail = (
  session: AccountSession,
  query: string,
  onEvent: (event: CommandTailEvent) => void,
  onConnected: (connected: boolean) => void,
  onGap: (gap: CommandTailGap) => void,
): void => {
  const handlers = useRef({ onEvent, onConnected, onGap });
  useEffect(() => {
    handlers.current = { onEvent, onConnected, onGap };
  });
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = async (): Promise<void> => {
      try {
        const response = await session.send(`/api/ops/tail${query}`, {
          headers: { accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (!response?.ok || !response.body) throw new Error(`tail: HTTP ${response?.status ?? 401}`);
        handlers.current.onConnected(true);
        const parser = createParser({
          onEvent: (message: EventSourceMessage) => {
            if (message.event !== undefined && message.event !== 'command' && message.event !== 'gap') return;
            let data: unknown;
            try {
              data = JSON.parse(message.data);
            } catch {
              return;
            }
            if (message.event === 'gap') {
              const gap = commandTailGapSchema.safeParse(data);
              if (gap.success) handlers.current.onGap(gap.data);
              return;
            }
            const parsed = commandTailEventSchema.safeParse(data);
            if (parsed.success) handlers.current.onEvent(parsed.data);
          },
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // Offline, refused or dropped: asked again below.
      }
      if (abort.signal.aborted) return;
      handlers.current.onConnected(false);
      timer = setTimeout(() => void open(), RECONNECT_MS);
    };
    void open();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [session, query]);
};

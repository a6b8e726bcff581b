import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { filter, firstValueFrom, map } from 'rxjs';
import { isSettled, type CommandDocument } from '../../schema/commands/envelope.ts';
import type { PayloadInputOf } from '../../schema/index.ts';
import { retryAfterOf, type MessageCommandType } from '../../schema/messages/index.ts';
import { solvedChallenge } from '../challenge/index.ts';
import { getStoreClient, refusalMessage, useStoreClient, type StoreClient } from '../store/index.ts';
import type { UiMessage } from '../ui/form/ui-message.ts';
import { notify } from '../ui/notifications.tsx';
import { useObservable } from '../ui/use-observable.ts';

export type SendPhase =
  | { kind: 'idle' }
  /** Solving the proof-of-work on the device (guests). */
  | { kind: 'solving' }
  | { kind: 'sending' }
  /** Written on the device while offline: it goes when the connection is back. */
  | { kind: 'queued' }
  | { kind: 'sent' }
  | { kind: 'failed'; message: UiMessage; field?: string };

const settledOf = (client: StoreClient, id: string): Promise<CommandDocument | undefined> =>
  firstValueFrom(
    client.commands$.pipe(
      map((commands) => commands.find((c) => c.id === id)),
      filter((c) => c !== undefined && isSettled(c.status)),
    ),
  );

/** A refused message as the form says it: the wait of a flood refusal in minutes, else the refusal's text. */
const failureOf = (command: CommandDocument | undefined): Extract<SendPhase, { kind: 'failed' }> => {
  if (!command || command.status === 'failed') return { kind: 'failed', message: { key: 'messages.failed' } };
  const retry = command.error?.code === 'too_many_messages' ? retryAfterOf(command.error.message) : undefined;
  return {
    kind: 'failed',
    message:
      retry !== undefined
        ? { key: 'messages.tooMany', params: { minutes: Math.max(1, Math.ceil(retry / 60)) } }
        : refusalMessage(command),
    ...(command.error?.field ? { field: command.error.field.replace(/^payload\./, '') } : {}),
  };
};

/**
 * Sends one message as a command: a guest's gets its proof-of-work solved on the device first; then it is written
 * locally (offline too: it is queued and goes later, once) and followed to its outcome. `successKey`: the spec's
 * text for it, also told as a notification when the answer comes after the shopper has left the form.
 */
export function useSendMessage<T extends MessageCommandType>(type: T, successKey: string) {
  const client = useStoreClient();
  const user = useObservable(client?.account.user$);
  const [phase, setPhase] = useState<SendPhase>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    // A form needs the local store to send: started now, not when the page has settled.
    void getStoreClient();
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const guest = user === null;

  /** `challenge`: the command carries the proof-of-work when the sender is a guest (schema/messages needsChallenge). */
  const send = useCallback(
    async (payload: PayloadInputOf<T>, challenge: boolean): Promise<'sent' | 'queued' | 'failed'> => {
      setPhase({ kind: 'sending' });
      let store: StoreClient;
      try {
        store = client ?? (await getStoreClient());
      } catch {
        setPhase({ kind: 'failed', message: { key: 'messages.failed' } });
        return 'failed';
      }
      const sender = await firstValueFrom(store.account.user$.pipe(filter((u) => u !== undefined)));
      let full: PayloadInputOf<T> = payload;
      if (challenge && sender === null) {
        setPhase({ kind: 'solving' });
        const response = await solvedChallenge();
        if (!response) {
          setPhase({ kind: 'failed', message: { key: 'messages.needsConnection' } });
          return 'failed';
        }
        full = { ...payload, recaptcha_response: response } as PayloadInputOf<T>;
      }
      setPhase({ kind: 'sending' });
      let command: CommandDocument;
      try {
        command = await store.dispatch(type, full);
      } catch (error) {
        // No owner: a first visit that could not reach the server for its identity (offline, or the server away).
        if (error instanceof Error && (error as { field?: unknown }).field === 'owner') {
          setPhase({ kind: 'failed', message: { key: 'messages.needsConnection' } });
          return 'failed';
        }
        console.error('[messages] the message could not be saved', error);
        setPhase({ kind: 'failed', message: { key: 'messages.failed' } });
        return 'failed';
      }
      const answer = settledOf(store, command.id).then((settled) => {
        const next = settled?.status === 'succeeded' ? ({ kind: 'sent' } as const) : failureOf(settled);
        if (mounted.current) setPhase(next);
        else if (next.kind === 'sent') notify({ kind: 'success', message: { key: successKey } });
        else notify({ kind: 'error', message: next.message });
        return next.kind === 'sent' ? 'sent' : 'failed';
      });
      if (!navigator.onLine) {
        setPhase({ kind: 'queued' });
        return 'queued';
      }
      return answer;
    },
    [client, type, successKey],
  );
  return { phase, send, guest, ready: user !== undefined };
}

/**
 * A message form's submit: ignored while one is on its way (solving its challenge or being written); the form
 * checked, its first error focused; then sent, and the form cleared once it was sent or queued. `challenge`: as
 * `send`'s. The form checks its values with the command's own payload schema, so what `submit` returns is that
 * payload.
 */
export const messageSubmit = <Payload>(
  form: { submit(): Record<string, unknown> | undefined; reset(): void },
  sender: { phase: SendPhase; send: (payload: Payload, challenge: boolean) => Promise<unknown> },
  challenge: boolean,
): { busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void } => {
  const busy = sender.phase.kind === 'sending' || sender.phase.kind === 'solving';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const payload = form.submit();
    if (!payload) return;
    void sender.send(payload as Payload, challenge).then((outcome) => {
      if (outcome !== 'failed') form.reset();
    });
  };
  return { busy, onSubmit };
};

import { messageCommands, type MessageCommandType } from '../../schema/messages/index.ts';
import { useMessageForm, type FormValues } from './use-message-form.ts';
import { messageSubmit, useSendMessage } from './use-send-message.ts';

/**
 * One message form's whole behaviour: its values checked by the command's own payload schema, its submit, and
 * what became of the message. `challenge`: the command carries the proof-of-work when a guest sends it.
 */
export function useMessageCommand<F extends string>(
  type: MessageCommandType,
  sentKey: string,
  config: {
    fields: readonly F[];
    initial: FormValues<F>;
    /** The payload as the command carries it: empty optional fields left out, numbers as numbers. */
    toPayload: (values: FormValues<F>) => Record<string, unknown>;
  },
  challenge: boolean,
) {
  const sender = useSendMessage(type, sentKey);
  const form = useMessageForm({ ...config, schema: messageCommands[type].payload });
  const { busy, onSubmit } = messageSubmit(form, sender, challenge);
  return { ...sender, form, busy, onSubmit };
}

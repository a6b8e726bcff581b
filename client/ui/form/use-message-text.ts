import type { UiMessage } from './ui-message.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Renders a form message in the interface language (keys are built at run time, hence the loose `t`). */
export const useMessageText = (): ((message: UiMessage) => string) => {
  const { t } = useT();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  return (message) => ('text' in message ? message.text : translate(message.key, message.params));
};

import type { ChangeEvent } from 'react';
import type { UiMessage } from './ui-message.ts';

/** What a labelled field needs of its form: its value, its error and its handlers (client/account's forms, checkout). */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  error: UiMessage | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

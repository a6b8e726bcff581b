import type { CommandDocument } from '../../schema/commands/envelope.ts';
import { featureNotices } from '../feature-notices.ts';
import { refusalMessage } from '../store/index.ts';
import type { Message } from '../ui/notifications.tsx';

/**
 * What a settled command leaves as a lasting notice, if anything: what its feature says
 * (FeatureNotices.lastingNotice), and by default a refusal, in its toast's words. Here, with the panel, rather than
 * with the notifications: the first page need not carry it.
 */
export const lastingNoticeOf = (command: CommandDocument): Message | undefined => {
  for (const feature of featureNotices) {
    const said = feature.lastingNotice?.(command);
    if (said === null) return undefined;
    if (said) return { key: said.key, ...(said.params ? { params: said.params } : {}) };
  }
  return command.status === 'rejected' ? refusalMessage(command) : undefined;
};

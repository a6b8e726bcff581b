import type { CommandDocument } from '../../schema/commands/envelope.ts';
import { featureNotices } from '../feature-notices.ts';
import { refusalMessage } from '../store/index.ts';
import type { Message } from '../ui/notifications.tsx';

/**
 * What a settled command leaves as a lasting notice, if anything: what its feature says
 * (FeatureNotices.lastingNotice), and by default a refusal or a failure, in its toast's words. A failure (a command
 * the store could not process, set aside for its staff) is told as a refusal is: else a save that vanished would go
 * unexplained on every device but the tab that asked, and only if that tab tracked it. Should the staff retry it and
 * it succeed, the outcome is no longer a failure and its notice goes. Here, with the panel, rather than with the
 * notifications: the first page need not carry it.
 */
export const lastingNoticeOf = (command: CommandDocument): Message | undefined => {
  for (const feature of featureNotices) {
    const said = feature.lastingNotice?.(command);
    if (said === null) return undefined;
    if (said) return { key: said.key, ...(said.params ? { params: said.params } : {}) };
  }
  if (command.status === 'rejected') return refusalMessage(command);
  return command.status === 'failed' ? { key: 'notify.failed' } : undefined;
};

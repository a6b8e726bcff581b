import type { CommandDocument } from '../../../schema/commands/envelope.ts';
import { featureNotices } from '../../feature-notices.ts';
import { translateDynamic } from '../../i18n/index.ts';
import type { CommandDetail } from '../../../schema/ops/command-log.ts';

/**
 * The notice the shopper was shown for the command, in the console's language: the feature's success notice, or
 * the refusal's translation (as client/store/command-tracker.ts chooses it), else the server's own words.
 */
export const noticeText = (detail: CommandDetail): string | null => {
  const { command } = detail;
  if (command.status === 'succeeded') {
    const asDocument = { ...command, result: command.result ?? undefined } as unknown as CommandDocument;
    for (const feature of featureNotices) {
      const notice = feature.successNotice?.(asDocument);
      if (notice) return translateDynamic(notice.key, notice.key);
    }
    return null;
  }
  if (command.status !== 'rejected' && command.status !== 'failed') return null;
  const code = command.error?.code ?? command.resultCode;
  const fallback = command.error?.message ?? code ?? '';
  return code ? translateDynamic(`refusal.${code}`, fallback) : fallback;
};

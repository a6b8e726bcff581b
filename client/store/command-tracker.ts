import type { CommandDocument, CommandStatus } from '../../schema/index.ts';
import { featureNotices } from '../feature-notices.ts';
import { notify, type Message } from '../ui/notifications.tsx';

/**
 * The commands this tab dispatched and still waits to hear about. Kept in sessionStorage: it survives a
 * reload of the tab (a refusal arriving after the shopper reloaded is still shown), and another tab of
 * the same shopper does not repeat this tab's notifications.
 */
interface Tracked {
  type: string;
  /** Show the success message ("Product has been added to the cart!") when it succeeds. */
  notifySuccess: boolean;
}

/** Final statuses (kept here rather than imported, so the first page load carries no zod). */
const isSettled = (status: CommandStatus): boolean =>
  status === 'succeeded' || status === 'rejected' || status === 'failed';

const STORAGE_KEY = 'store.trackedCommands';
/** The refusal codes the features translate (client/feature-notices.ts). */
export const REFUSAL_CODES: ReadonlySet<string> = new Set(featureNotices.flatMap((feature) => feature.refusalCodes));

const load = (): Record<string, Tracked> => {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Record<string, Tracked>) : {};
  } catch {
    return {};
  }
};

const tracked: Record<string, Tracked> = load();
let lastSeen: readonly CommandDocument[] = [];
/**
 * Settled commands whose answer this tab has shown as a toast: the lasting notices (client/notices) leave those to
 * the toast and acknowledge them, so a refusal seen as it happened is not shown again on the shopper's other devices.
 */
const announcedHere = new Set<string>();

/** Whether this tab shows (or is waiting to show) the answer to a command itself. */
export const isShownHere = (id: string): boolean => announcedHere.has(id) || id in tracked;

/** What to tell the shopper of a refused command: its translated refusal, else the server's words. */
export const refusalMessage = (command: CommandDocument): Message => {
  const code = command.error?.code ?? command.resultCode;
  // A command the store's staff cancelled (schema/ops/retry.ts CANCELLED_CODE; not imported: it would bring zod).
  if (code === 'cancelled') return { key: 'notify.cancelled' };
  return code && REFUSAL_CODES.has(code)
    ? { key: `refusal.${code}` }
    : command.error?.message
      ? { text: command.error.message }
      : { key: 'notify.rejected' };
};

const save = () => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tracked));
  } catch {
    // No session storage: tracking lasts for this page only.
  }
};

const announce = (command: CommandDocument, entry: Tracked) => {
  if (command.status === 'succeeded') {
    const notice = entry.notifySuccess
      ? featureNotices.map((feature) => feature.successNotice?.(command)).find(Boolean)
      : undefined;
    if (notice) {
      notify({
        kind: 'success',
        message: { key: notice.key, ...(notice.params ? { params: notice.params } : {}) },
        ...(notice.action ? { action: { label: { key: notice.action.labelKey }, to: notice.action.to } } : {}),
      });
    }
  } else if (command.status === 'rejected') {
    notify({ kind: 'error', message: refusalMessage(command) });
  } else if (command.status === 'failed') {
    notify({ kind: 'error', message: { key: 'notify.failed' } });
  }
};

/** Feeds the owner's commands (newest first); announces the settled ones this tab dispatched. */
export const observeCommands = (commands: readonly CommandDocument[]): void => {
  lastSeen = commands;
  let changed = false;
  // Oldest first, so several answers arriving together are shown in the order they were asked.
  for (const command of [...commands].reverse()) {
    const entry = tracked[command.id];
    if (!entry || !isSettled(command.status)) continue;
    delete tracked[command.id];
    announcedHere.add(command.id);
    changed = true;
    announce(command, entry);
  }
  if (changed) save();
};

export const trackCommand = (command: CommandDocument, entry: Tracked): void => {
  tracked[command.id] = entry;
  save();
  // The answer may already have arrived between the local write and this call.
  observeCommands(lastSeen);
};

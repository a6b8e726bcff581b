/** What a confirmation asks (client/ui/confirm-dialog.tsx), shared by its provider and its lazily loaded view. */
export interface ConfirmOptions {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
}

/** A question being asked: its answer's resolver, and the element focus returns to. */
export interface PendingConfirm extends ConfirmOptions {
  resolve: (answer: boolean) => void;
  opener: Element | null;
}

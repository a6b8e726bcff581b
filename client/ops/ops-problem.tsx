import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';

/** A console call that did not answer: offline, or the server's refusal in its own words, with a way to ask again. */
export function OpsProblem({ answer, retry }: { answer: { status: number; message: string }; retry?: () => void }) {
  const { t } = useT();
  return (
    <div className="ops-error" role="alert">
      <p>{answer.status === 0 ? t('ops.offline') : t('ops.error', { message: answer.message })}</p>
      {retry && (
        <Button variant="secondary" size="sm" onClick={retry}>
          {t('ops.retry')}
        </Button>
      )}
    </div>
  );
}

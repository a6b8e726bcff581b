import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { formatTime } from '../format.ts';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import { opsRequest, queryOf } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';

const lineSchema = z.looseObject({
  id: z.number().int(),
  at: z.union([z.string(), z.number()]),
  actorEmail: z.string(),
  actorRole: z.string().optional(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
type AuditLine = z.infer<typeof lineSchema>;
const pageSchema = z.union([
  z.looseObject({ items: z.array(lineSchema) }).transform((p) => p.items),
  z.looseObject({ lines: z.array(lineSchema) }).transform((p) => p.lines),
  z.array(lineSchema),
]);
const PAGE = 100;

const brief = (value: unknown): string => (value === undefined || value === null ? '—' : JSON.stringify(value));

/** The operators' audit log, newest first, filtered by operator and action (in the URL), paged by the last id seen. */
export function AuditPage() {
  const { t, locale } = useT();
  const id = useId();
  const { session } = useOperator();
  const navigate = useNavigate();
  const search = useOpsSearch();
  const [lines, setLines] = useState<AuditLine[]>([]);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);
  const [actor, setActor] = useState(search.actor ?? '');
  const [action, setAction] = useState(search.action ?? '');

  const [round, setRound] = useState(0);
  const fetchPage = useCallback(
    (before: number | undefined) =>
      opsRequest(
        session,
        `/api/ops/audit${queryOf({ actor: search.actor, action: search.action, before, limit: PAGE })}`,
        pageSchema,
      ),
    [session, search.actor, search.action],
  );
  const took = (answer: Awaited<ReturnType<typeof fetchPage>>, first: boolean) => {
    if (!answer.ok) return setProblem(answer);
    setProblem(null);
    setLines((l) => (first ? answer.value : [...l, ...answer.value]));
    setMore(answer.value.length === PAGE);
  };
  useEffect(() => {
    let current = true;
    fetchPage(undefined).then(
      (answer) => current && took(answer, true),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- took only sets this page's state
  }, [fetchPage, round]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    void navigate(opsTo('audit', { actor, action }));
  };
  return (
    <section className="ops-page" aria-labelledby="ops-audit-h">
      <h1 id="ops-audit-h" tabIndex={-1} data-page-heading>
        {t('ops.audit.heading')}
      </h1>
      <form className="ops-filters" onSubmit={apply}>
        <div className="ops-field">
          <label htmlFor={`${id}-actor`}>{t('ops.audit.filterWho')}</label>
          <input id={`${id}-actor`} value={actor} onChange={(e) => setActor(e.target.value)} />
        </div>
        <div className="ops-field">
          <label htmlFor={`${id}-action`}>{t('ops.audit.filterAction')}</label>
          <input id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value)} />
        </div>
        <div className="ops-filters__actions">
          <Button type="submit" size="sm">
            {t('ops.commands.apply')}
          </Button>
        </div>
      </form>
      {problem && <OpsProblem answer={problem} retry={() => setRound((r) => r + 1)} />}
      <table className="ops-table ops-table--static" data-testid="ops-audit">
        <thead>
          <tr>
            <th scope="col">{t('ops.time')}</th>
            <th scope="col">{t('ops.audit.who')}</th>
            <th scope="col">{t('ops.audit.action')}</th>
            <th scope="col">{t('ops.audit.target')}</th>
            <th scope="col">{t('ops.audit.before')}</th>
            <th scope="col">{t('ops.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{formatTime(typeof line.at === 'number' ? line.at : Date.parse(line.at), locale)}</td>
              <td>{line.actorEmail}</td>
              <td>{line.action}</td>
              <td>{line.target}</td>
              <td className="ops-cell-json">{brief(line.before)}</td>
              <td className="ops-cell-json">{brief(line.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {lines.length === 0 && !problem && <p className="ops-muted">{t('ops.empty')}</p>}
      {more && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void fetchPage(lines.at(-1)?.id).then((answer) => took(answer, false))}
        >
          {t('ops.more')}
        </Button>
      )}
    </section>
  );
}

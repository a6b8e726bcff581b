import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { roleAllows } from '../../../schema/ops/roles.ts';
import { useT } from '../../i18n/use-t.tsx';
import { notify } from '../../ui/notifications.tsx';
import { formatTime } from '../format.ts';
import { opsTo, useOpsSearch } from '../ops-link.ts';
import type { AccountSession } from '../../store/index.ts';
import { opsRequest, queryOf } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { RoleButton } from '../role-button.tsx';
import {
  cursorAfterRemoval,
  queueItemOf,
  queuePageSchema,
  QUEUE_KINDS,
  type QueueItem,
  type QueueKind,
} from './queue-items.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const decideAnswerSchema = z.unknown();

/** The ids a bulk decision did not carry out, when the server names them (`[{ id, ok: false }]`). */
const failedIds = (answer: unknown): Set<string> => {
  const list = Array.isArray(answer) ? answer : (answer as { outcomes?: unknown; results?: unknown } | null)?.outcomes;
  if (!Array.isArray(list)) return new Set();
  return new Set(
    list.flatMap((o: unknown) => {
      const outcome = o as { id?: unknown; ok?: unknown };
      return outcome.ok === false ? [String(outcome.id)] : [];
    }),
  );
};

/**
 * The moderation queues, oldest first and complete (page after page by the server's cursor). Made for the keyboard:
 * j / k move, a approves, r refuses with a reason, x selects for a bulk decision. A viewer reads them; the
 * decisions are a moderator's (the server checks too).
 */
export function QueuesPage() {
  const { t } = useT();
  const search = useOpsSearch();
  const kind: QueueKind = search.kind === 'reviews' ? 'reviews' : 'ads';
  return (
    <section className="ops-page" aria-labelledby="ops-queues-h">
      <h1 id="ops-queues-h" tabIndex={-1} data-page-heading>
        {t('ops.queues.heading')}
      </h1>
      <nav className="ops-tabs" aria-label={t('ops.queues.heading')}>
        {QUEUE_KINDS.map((k) => (
          <Link key={k} {...opsTo('queues', { kind: k })} aria-current={k === kind ? 'page' : undefined}>
            {t(`ops.queues.${k}`)}
          </Link>
        ))}
      </nav>
      <QueueView key={kind} kind={kind} />
    </section>
  );
}

const fetchQueue = (session: AccountSession, kind: QueueKind, after: string | null) =>
  opsRequest(session, `/api/ops/queues/${kind}${queryOf({ after: after ?? undefined, limit: 100 })}`, queuePageSchema);

/** One queue (a new one when the tab changes: its cursor and selection start afresh). */
function QueueView({ kind }: { kind: QueueKind }) {
  const { t, locale } = useT();
  const { session, role } = useOperator();
  const [items, setItems] = useState<QueueItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [refusing, setRefusing] = useState<(string | number)[] | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const mayDecide = roleAllows(role, 'moderator');

  const [loadingMore, setLoadingMore] = useState(false);
  const [round, setRound] = useState(0);
  const took = (answer: Awaited<ReturnType<typeof fetchQueue>>, first: boolean) => {
    if (!answer.ok) return setProblem(answer);
    setProblem(null);
    const page = answer.value.items.flatMap((raw) => queueItemOf(raw) ?? []);
    setItems((before) => (first ? page : [...before, ...page]));
    setNext(answer.value.next ?? null);
    setTotal(answer.value.total ?? null);
  };
  useEffect(() => {
    let current = true;
    fetchQueue(session, kind, null).then(
      (answer) => current && took(answer, true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [session, kind, round]);
  /** Moves the cursor; the queue is complete: its next page is asked for as the cursor nears the end. */
  const move = (to: number) => {
    const at = Math.max(0, Math.min(items.length - 1, to));
    setCursor(at);
    if (next !== null && !loadingMore && at >= items.length - 5) {
      setLoadingMore(true);
      void fetchQueue(session, kind, next).then((answer) => {
        setLoadingMore(false);
        took(answer, false);
      });
    }
  };

  const decide = async (ids: (string | number)[], decision: 'approve' | 'refuse', reason?: string) => {
    if (ids.length === 0 || busy) return;
    setBusy(true);
    const answer = await opsRequest(session, `/api/ops/queues/${kind}/decide`, decideAnswerSchema, {
      body: { ids, decision, ...(reason ? { reason } : {}) },
    });
    setBusy(false);
    if (!answer.ok) return setProblem(answer);
    const failed = failedIds(answer.value);
    const done = new Set(ids.map(String).filter((id) => !failed.has(id)));
    setItems((before) => {
      const left = before.filter((item) => !done.has(String(item.id)));
      setCursor((c) => cursorAfterRemoval(left.length, c));
      return left;
    });
    setTotal((n) => (n === null ? n : n - done.size));
    setSelected(new Set());
    notify({
      kind: 'success',
      message: { key: decision === 'approve' ? 'ops.queues.approved' : 'ops.queues.refused' },
    });
  };

  const current = items[cursor];
  useEffect(() => {
    const row = rows.current[cursor];
    if (row && document.activeElement?.closest('.ops-queue')) row.focus();
  }, [cursor, items]);

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || refusing) return;
    if ((event.target as HTMLElement).closest('button, input, textarea, select, a')) return;
    const key = event.key.toLowerCase();
    if (key === 'j' || event.key === 'ArrowDown') move(cursor + 1);
    else if (key === 'k' || event.key === 'ArrowUp') move(cursor - 1);
    else if (key === 'x' && current) {
      const id = String(current.id);
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      });
    } else if (key === 'a' && current && mayDecide) void decide([current.id], 'approve');
    else if (key === 'r' && current && mayDecide) setRefusing([current.id]);
    else return;
    event.preventDefault();
  };

  const selectedIds = items.filter((item) => selected.has(String(item.id))).map((item) => item.id);
  return (
    <>
      <p className="ops-muted" id="ops-queue-help">
        {t('ops.queues.help')}
        {total !== null && ` · ${t('ops.count', { count: total })}`}
      </p>
      <div className="ops-toolbar">
        <RoleButton
          needs="moderator"
          disabled={busy || selectedIds.length === 0}
          onClick={() => void decide(selectedIds, 'approve')}
        >
          {t('ops.queues.approveSelected', { count: selectedIds.length })}
        </RoleButton>
        <RoleButton
          needs="moderator"
          variant="danger"
          disabled={busy || selectedIds.length === 0}
          onClick={() => setRefusing(selectedIds)}
        >
          {t('ops.queues.refuseSelected', { count: selectedIds.length })}
        </RoleButton>
      </div>
      {problem && <OpsProblem answer={problem} retry={() => setRound((r) => r + 1)} />}
      {items.length === 0 && !problem && <p className="ops-muted">{t('ops.empty')}</p>}
      <ul
        className="ops-queue"
        aria-label={t('ops.queues.tableLabel')}
        aria-describedby="ops-queue-help"
        onKeyDown={onKey}
        data-testid="ops-queue"
      >
        {items.map((item, index) => {
          const id = String(item.id);
          return (
            <li
              key={id}
              ref={(element) => {
                rows.current[index] = element;
              }}
              tabIndex={index === cursor ? 0 : -1}
              className={`ops-queue__item${index === cursor ? ' ops-queue__item--current' : ''}`}
              aria-current={index === cursor ? 'true' : undefined}
              onFocus={() => setCursor(index)}
              data-testid="ops-queue-item"
            >
              <input
                type="checkbox"
                checked={selected.has(id)}
                aria-label={`${t('ops.queues.select')}: ${item.title}`}
                tabIndex={-1}
                onChange={() =>
                  setSelected((s) => {
                    const n = new Set(s);
                    if (n.has(id)) n.delete(id);
                    else n.add(id);
                    return n;
                  })
                }
              />
              <div className="ops-queue__body">
                <strong>{item.title}</strong>
                <p>{item.text}</p>
                <span className="ops-muted">
                  {item.who} · {t('ops.queues.waitingSince', { time: formatTime(item.since, locale) })}
                </span>
              </div>
              <div className="ops-queue__actions">
                <RoleButton
                  needs="moderator"
                  tabIndex={-1}
                  disabled={busy}
                  onClick={() => void decide([item.id], 'approve')}
                >
                  {t('ops.queues.approve')}
                </RoleButton>
                <RoleButton
                  needs="moderator"
                  tabIndex={-1}
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setRefusing([item.id])}
                >
                  {t('ops.queues.refuse')}
                </RoleButton>
              </div>
            </li>
          );
        })}
      </ul>
      <ReasonDialog
        open={refusing !== null}
        onClose={() => {
          setRefusing(null);
          rows.current[cursor]?.focus();
        }}
        onSend={(reason) => {
          const ids = refusing ?? [];
          setRefusing(null);
          void decide(ids, 'refuse', reason).then(() => rows.current[cursor]?.focus());
        }}
      />
    </>
  );
}

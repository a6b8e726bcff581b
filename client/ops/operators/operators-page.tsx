import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { accountRoleSchema, OPERATOR_ROLES, type AccountRole } from '../../../schema/ops/roles.ts';
import { useT } from '../../i18n/use-t.tsx';
import { notify } from '../../ui/notifications.tsx';
import { opsRequest } from '../ops-api.ts';
import { useOperator } from '../ops-context.tsx';
import { OpsProblem } from '../ops-problem.tsx';
import { RoleButton } from '../role-button.tsx';
import { useOpsQuery } from '../use-ops-query.ts';

const operatorSchema = z.looseObject({ email: z.string(), role: accountRoleSchema });
const operatorsSchema = z.union([
  z.array(operatorSchema),
  z.looseObject({ items: z.array(operatorSchema) }).transform((a) => a.items),
  z.looseObject({ operators: z.array(operatorSchema) }).transform((a) => a.operators),
]);

/** The operators and their roles; an admin grants a role to an existing account by its e-mail (or takes it away). */
export function OperatorsPage() {
  const { t } = useT();
  const id = useId();
  const { session } = useOperator();
  const { answer, reload } = useOpsQuery('/api/ops/operators', operatorsSchema);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('viewer');
  const [problem, setProblem] = useState<{ status: number; message: string } | null>(null);
  const grant = async (event: FormEvent) => {
    event.preventDefault();
    const answered = await opsRequest(session, '/api/ops/roles', z.unknown(), { body: { email: email.trim(), role } });
    if (!answered.ok) return setProblem(answered);
    setProblem(null);
    setEmail('');
    notify({ kind: 'success', message: { key: 'ops.operators.granted' } });
    reload();
  };
  const roleName = (r: AccountRole) => (r === 'customer' ? t('ops.operators.customer') : t(`ops.role.${r}`));
  return (
    <section className="ops-page" aria-labelledby="ops-operators-h">
      <h1 id="ops-operators-h" tabIndex={-1} data-page-heading>
        {t('ops.operators.heading')}
      </h1>
      <form className="ops-filters" onSubmit={(e) => void grant(e)} aria-label={t('ops.operators.grant')}>
        <div className="ops-field ops-field--wide">
          <label htmlFor={`${id}-email`}>{t('ops.operators.email')}</label>
          <input id={`${id}-email`} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="ops-field">
          <label htmlFor={`${id}-role`}>{t('ops.operators.role')}</label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(accountRoleSchema.parse(e.target.value))}>
            {[...OPERATOR_ROLES, 'customer' as const].map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </div>
        <div className="ops-filters__actions">
          <RoleButton needs="admin" type="submit">
            {t('ops.operators.grant')}
          </RoleButton>
        </div>
      </form>
      {problem && <OpsProblem answer={problem} />}
      {'state' in answer ? (
        <p role="status">{t('ops.loading')}</p>
      ) : !answer.ok ? (
        <OpsProblem answer={answer} retry={reload} />
      ) : (
        <table className="ops-table ops-table--static" data-testid="ops-operators">
          <thead>
            <tr>
              <th scope="col">{t('ops.operators.email')}</th>
              <th scope="col">{t('ops.operators.role')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.value.map((operator) => (
              <tr key={operator.email}>
                <td>{operator.email}</td>
                <td>{roleName(operator.role)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useId, type ButtonHTMLAttributes } from 'react';
import { roleAllows, type OperatorRole } from '../../schema/ops/roles.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useOperator } from './ops-context.tsx';

/**
 * An action button that needs a role: for an operator without it, disabled and saying which role it needs (read by
 * a screen reader too), rather than hidden, so a viewer learns what support could do. The server checks anyway.
 */
export function RoleButton({
  needs,
  variant,
  size = 'sm',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  needs: OperatorRole;
  variant?: 'primary' | 'secondary' | 'quiet' | 'danger';
  size?: 'sm' | 'md';
}) {
  const { t } = useT();
  const { role } = useOperator();
  const id = useId();
  const allowed = roleAllows(role, needs);
  return (
    <span className="ops-role-action">
      <Button
        {...rest}
        variant={variant ?? 'primary'}
        size={size}
        disabled={disabled === true || !allowed}
        {...(allowed ? {} : { 'aria-describedby': id, title: t('ops.disabledFor', { role: t(`ops.role.${needs}`) }) })}
      />
      {!allowed && (
        <span id={id} className="ops-role-action__why">
          {t('ops.disabledFor', { role: t(`ops.role.${needs}`) })}
        </span>
      )}
    </span>
  );
}

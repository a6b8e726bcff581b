import { createContext, useContext } from 'react';
import type { OperatorRole } from '../../schema/ops/roles.ts';
import type { AccountSession } from '../store/index.ts';

/** The operator the console is open for: who the server says they are (GET /api/ops/me) and their session. */
export interface OpsOperator {
  email: string;
  role: OperatorRole;
  session: AccountSession;
}

export const OpsContext = createContext<OpsOperator | null>(null);

/** The console's operator, for the pages inside the shell (which renders them only for an operator). */
export const useOperator = (): OpsOperator => {
  const operator = useContext(OpsContext);
  if (!operator) throw new Error('useOperator() is for the console pages inside OpsShell');
  return operator;
};

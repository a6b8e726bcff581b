import { userInfo, hostname } from 'node:os';
import { roleGrantSchema } from '../../../schema/ops/role-rules.ts';
import { HttpProblem } from '../../../sync-server/http/problem.ts';
import type { Operator } from '../../../sync-server/http/operator-guard.ts';
import { changeRole } from '../../../sync-server/ops/role-change.ts';
import type { OpsCommand } from '../command.ts';

/**
 * Who the audit log names for a change made on the server's command line: no account (the first admin has none
 * to act as), the machine's user instead.
 */
const commandLineActor = (): Operator => {
  const who = (() => {
    try {
      return userInfo().username;
    } catch {
      return 'unknown';
    }
  })();
  return { userId: 0, owner: 'command-line', email: `${who}@${hostname()}`, role: 'admin' };
};

/**
 * `grant <email> <role>`: gives an existing account a role (viewer, support, moderator, admin, or customer to take
 * it away), straight in the store, by the same rules and audit line as POST /api/ops/roles. It is how the first
 * admin is made: nobody can call the API before there is one.
 */
export const grant: OpsCommand = {
  usage: 'grant <email> <viewer|support|moderator|admin|customer>   give an existing account a role',
  async run(args, context) {
    const [email, role, ...rest] = args;
    const parsed = roleGrantSchema.safeParse({ email, role });
    if (rest.length > 0 || !parsed.success) {
      const problem = parsed.success
        ? 'too many arguments'
        : parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
      context.err(`grant: ${problem}`);
      context.err(`usage: npm run ops -- ${this.usage}`);
      return 2;
    }
    const db = await context.database();
    try {
      const changed = await db.transaction((tx) => changeRole(tx, commandLineActor(), parsed.data));
      context.out(
        changed.before === changed.role
          ? `${changed.email} already has the role ${changed.role}`
          : `${changed.email} is now ${changed.role} (was ${changed.before})`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      context.err(
        error.status === 404
          ? `grant: no account has the e-mail ${parsed.data.email}. Register it in the shop first (or check the address), then run grant again.`
          : `grant: ${error.message}`,
      );
      return 1;
    }
  },
};

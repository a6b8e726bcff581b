import { randomBytes } from 'node:crypto';
import { hashPassword } from '../accounts/password.ts';
import { insertUser, userByEmail } from '../accounts/users.ts';
import type { Operator } from '../http/operator-guard.ts';
import type { Database } from '../store/database.ts';
import { changeRole } from './role-change.ts';

/** The demo's admin account (`npm start` only). example.com is reserved: no real mailbox gets its mail. */
export const DEMO_ADMIN_EMAIL = 'demo-admin@example.com';

/** Who the audit log names for the demo admin's role. */
const DEMO_START: Operator = { userId: 0, owner: 'demo-start', email: 'npm start', role: 'admin' };

/**
 * `npm start`'s demo admin: on a store without the account, it is made with a generated password and the admin
 * role, and its login is handed to `announce` once (the password is kept only as its hash, so a later start has
 * nothing to print, and does not). Never in production: with NODE_ENV=production it does nothing, whatever asked.
 * Answers whether the account was made by this call.
 */
export const ensureDemoAdmin = async (
  db: Database,
  announce: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> => {
  if (env.NODE_ENV === 'production') return false;
  // Made at an earlier start (the usual case): not worth a password hash.
  if (await userByEmail(db, DEMO_ADMIN_EMAIL)) return false;
  const password = randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const made = await db.transaction(async (tx) => {
    const row = await insertUser(tx, { email: DEMO_ADMIN_EMAIL, firstname: 'Demo', lastname: 'Admin' }, hash);
    // Made by another instance, or at an earlier start: its password is not ours to print.
    if (!row) return false;
    await changeRole(tx, DEMO_START, { email: DEMO_ADMIN_EMAIL, role: 'admin' });
    return true;
  });
  if (made) {
    announce(
      [
        '',
        '[ops] A demo admin was made for this store (shown once, at its first start):',
        `[ops]   e-mail:   ${DEMO_ADMIN_EMAIL}`,
        `[ops]   password: ${password}`,
        '[ops] Log in with it in the shop, then open /ops. `npm run ops -- grant <email> <role>` gives others roles.',
        '',
      ].join('\n'),
    );
  }
  return made;
};

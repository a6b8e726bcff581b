import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { accountRoleSchema, isOperatorRole } from '../../schema/ops/roles.ts';
import { useAccountSession, useUser } from '../account/index.ts';
import { OpsLanguage } from './ops-language.tsx';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { Notifications } from '../ui/notifications.tsx';
import { opsRequest, type OpsAnswer } from './ops-api.ts';
import { OpsContext, type OpsOperator } from './ops-context.tsx';
import { OpsLogin } from './ops-login.tsx';
import { OpsProblem } from './ops-problem.tsx';
import { opsTo, SECTIONS } from './ops-link.ts';
import './add-texts.ts';
import './ops.css';

const meSchema = z.object({ email: z.string(), role: accountRoleSchema });
type Me = z.infer<typeof meSchema>;

/** Who the server says the logged-in user is: asked again at each login (another account, a role granted). */
const useMe = (session: OpsOperator['session'] | null, userId: string | undefined) => {
  const [round, setRound] = useState(0);
  const key = `${round}:${userId ?? ''}`;
  const [held, setHeld] = useState<{ key: string; me: OpsAnswer<Me> } | null>(null);
  useEffect(() => {
    if (!session || userId === undefined) return;
    const abort = new AbortController();
    opsRequest(session, '/api/ops/me', meSchema, { signal: abort.signal }).then(
      (me) => abort.signal.aborted || setHeld({ key, me }),
      () => undefined,
    );
    return () => abort.abort();
  }, [session, userId, key]);
  return { me: held?.key === key ? held.me : ('loading' as const), retry: () => setRound((r) => r + 1) };
};

/**
 * The console's frame: its own header (who is logged in, the language, log out), the sections' navigation and the
 * page. A guest gets the login; a shopper's account "not an operator" (the server refuses every console call to
 * it anyway); an operator the console, with the role the server answered.
 */
export function OpsShell({ section, children }: { section: string; children: ReactNode }) {
  const { t } = useT();
  const session = useAccountSession();
  const user = useUser();
  const { me, retry } = useMe(session, user?.id);

  useEffect(() => {
    document.title = t('ops.title');
  }, [t]);

  let body;
  let operator: OpsOperator | null = null;
  if (user === undefined || !session) {
    body = <p role="status">{t('ops.loading')}</p>;
  } else if (user === null) {
    body = <OpsLogin session={session} />;
  } else if (me === 'loading') {
    body = <p role="status">{t('ops.loading')}</p>;
  } else if ((!me.ok && me.status === 403) || (me.ok && !isOperatorRole(me.value.role))) {
    body = (
      <section className="ops-page">
        <h1 tabIndex={-1} data-page-heading>
          {t('ops.notOperator.heading')}
        </h1>
        <p>{t('ops.notOperator.text', { email: user.email })}</p>
        <p>
          <a href="/">{t('ops.backToShop')}</a>
        </p>
      </section>
    );
  } else if (!me.ok) {
    body = <OpsProblem answer={me} retry={retry} />;
  } else if (isOperatorRole(me.value.role)) {
    operator = { email: me.value.email, role: me.value.role, session };
    body = children;
  }

  return (
    <div className="ops">
      <a className="skip-link" href="#ops-main">
        {t('ops.skip')}
      </a>
      <header className="ops-bar">
        <span className="ops-bar__title">{t('ops.title')}</span>
        {operator && (
          <span className="ops-bar__who" data-testid="ops-who">
            {t('ops.signedInAs', { email: operator.email, role: t(`ops.role.${operator.role}`) })}
          </span>
        )}
        <OpsLanguage />
        {user && session && (
          <Button variant="quiet" size="sm" onClick={() => void session.logout()}>
            {t('ops.logout')}
          </Button>
        )}
      </header>
      <div className="ops-body">
        {operator && (
          <nav className="ops-nav" aria-label={t('ops.nav.label')}>
            <ul>
              {SECTIONS.map((key) => (
                <li key={key}>
                  <Link {...opsTo(key)} aria-current={key === section ? 'page' : undefined}>
                    {t(`ops.nav.${key || 'commands'}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="ops-main" className="ops-main" tabIndex={-1}>
          <OpsContext.Provider value={operator}>{body}</OpsContext.Provider>
        </main>
      </div>
      <Notifications />
    </div>
  );
}

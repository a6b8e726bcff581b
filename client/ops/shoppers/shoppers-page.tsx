import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { opsTo } from '../ops-link.ts';

/** Finds a shopper by e-mail or owner id and opens their page. */
export function ShoppersPage() {
  const { t } = useT();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void navigate(opsTo(`shoppers/${text.trim()}`));
  };
  return (
    <section className="ops-page" aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`} tabIndex={-1} data-page-heading>
        {t('ops.shoppers.heading')}
      </h1>
      <form className="ops-inline-form" onSubmit={open}>
        <label htmlFor={`${id}-q`}>{t('ops.shoppers.find')}</label>
        <input id={`${id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <Button type="submit" size="sm">
          {t('ops.shoppers.open')}
        </Button>
      </form>
    </section>
  );
}

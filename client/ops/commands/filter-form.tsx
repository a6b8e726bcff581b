import { useId, useState, type FormEvent } from 'react';
import { COMMAND_STATUSES } from '../../../schema/commands/envelope.ts';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import { FILTER_KEYS, instantFromLocal, localFromInstant, type LogFilter } from './log-filters.ts';

/**
 * The log's filters as a form: applied all at once (one new URL, one query), not at each keystroke, so a search at
 * a million rows runs once per intent. `types` fills the type field's suggestions.
 */
export function FilterForm({
  filter,
  types,
  onApply,
}: {
  filter: LogFilter;
  types: readonly string[];
  onApply: (filter: LogFilter) => void;
}) {
  const { t } = useT();
  const id = useId();
  const [draft, setDraft] = useState<LogFilter>(filter);
  const [shown, setShown] = useState(filter);
  // The URL changed under the form (a saved view, back, a link): the form shows the new filter.
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  const set = (key: keyof LogFilter, value: string) => setDraft((d) => ({ ...d, [key]: value || undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(FILTER_KEYS.flatMap((key) => (draft[key] ? [[key, draft[key].trim()]] : []))));
  };
  const text = (key: 'type' | 'resultCode' | 'owner' | 'clientId' | 'orderNumber', label: string, list?: string) => (
    <div className="ops-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key] ?? ''}
        onChange={(e) => set(key, e.target.value)}
        autoComplete="off"
        spellCheck={false}
        {...(list ? { list } : {})}
      />
    </div>
  );
  return (
    <form className="ops-filters" onSubmit={submit} aria-label={t('ops.commands.filters')}>
      <div className="ops-field ops-field--wide">
        <label htmlFor={`${id}-q`}>{t('ops.commands.lookup')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft.q ?? ''}
          onChange={(e) => set('q', e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {text('type', t('ops.commands.type'), `${id}-types`)}
      <datalist id={`${id}-types`}>
        {types.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <div className="ops-field">
        <label htmlFor={`${id}-status`}>{t('ops.commands.status')}</label>
        <select id={`${id}-status`} value={draft.status ?? ''} onChange={(e) => set('status', e.target.value)}>
          <option value="">{t('ops.commands.anyStatus')}</option>
          {COMMAND_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`ops.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      {text('resultCode', t('ops.commands.code'))}
      {text('owner', t('ops.commands.owner'))}
      {text('clientId', t('ops.commands.client'))}
      {text('orderNumber', t('ops.commands.order'))}
      <div className="ops-field">
        <label htmlFor={`${id}-from`}>{t('ops.commands.from')}</label>
        <input
          id={`${id}-from`}
          type="datetime-local"
          value={localFromInstant(draft.from)}
          onChange={(e) => set('from', instantFromLocal(e.target.value) ?? '')}
        />
      </div>
      <div className="ops-field">
        <label htmlFor={`${id}-to`}>{t('ops.commands.to')}</label>
        <input
          id={`${id}-to`}
          type="datetime-local"
          value={localFromInstant(draft.to)}
          onChange={(e) => set('to', instantFromLocal(e.target.value) ?? '')}
        />
      </div>
      <div className="ops-filters__actions">
        <Button type="submit" size="sm">
          {t('ops.commands.apply')}
        </Button>
        <Button type="button" size="sm" variant="quiet" onClick={() => onApply({})}>
          {t('ops.commands.clear')}
        </Button>
      </div>
    </form>
  );
}

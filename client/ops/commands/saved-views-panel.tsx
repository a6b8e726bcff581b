import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import { Button } from '../../ui/button.tsx';
import type { LogFilter } from './log-filters.ts';
import { deleteView, readSavedViews, saveView, type SavedView } from './saved-views.ts';

/** The operator's saved views: open one (its filters into the URL), save the current filters under a name, delete. */
export function SavedViews({ filter, onOpen }: { filter: LogFilter; onOpen: (filter: LogFilter) => void }) {
  const { t } = useT();
  const id = useId();
  const [views, setViews] = useState<SavedView[]>(readSavedViews);
  const [name, setName] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setViews((v) => saveView(v, { name: name.trim(), filter }));
    setName('');
  };
  return (
    <div className="ops-views" role="group" aria-label={t('ops.commands.savedViews')}>
      <span className="ops-muted">{t('ops.commands.savedViews')}:</span>
      {views.length === 0 && <span className="ops-muted">{t('ops.commands.noViews')}</span>}
      {views.map((view) => (
        <span key={view.name} className="ops-chip">
          <button type="button" className="ops-chip__open" onClick={() => onOpen(view.filter)}>
            {view.name}
          </button>
          <button
            type="button"
            className="ops-chip__delete"
            aria-label={t('ops.commands.deleteView', { name: view.name })}
            onClick={() => setViews((v) => deleteView(v, view.name))}
          >
            ×
          </button>
        </span>
      ))}
      <form className="ops-views__save" onSubmit={save}>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          {t('ops.commands.viewName')}
        </label>
        <input
          id={`${id}-name`}
          placeholder={t('ops.commands.viewName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
        />
        <Button type="submit" size="sm" variant="secondary">
          {t('ops.commands.saveView')}
        </Button>
      </form>
    </div>
  );
}

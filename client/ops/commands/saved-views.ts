import { z } from 'zod';
import type { LogFilter } from './log-filters.ts';

/** The operator's saved views of the log: a name and its filters, kept in this browser (localStorage). */
const KEY = 'ops.savedViews';
const savedViewsSchema = z.array(
  z.object({ name: z.string().min(1).max(80), filter: z.record(z.string(), z.string()) }),
);
export type SavedView = { name: string; filter: LogFilter };

export const readSavedViews = (): SavedView[] => {
  try {
    const parsed = savedViewsSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

/** Saves `view` (replacing one of the same name) and answers the list as it now is. */
export const saveView = (views: readonly SavedView[], view: SavedView): SavedView[] => {
  const next = [...views.filter((v) => v.name !== view.name), view].sort((a, b) => a.name.localeCompare(b.name));
  write(next);
  return next;
};

export const deleteView = (views: readonly SavedView[], name: string): SavedView[] => {
  const next = views.filter((v) => v.name !== name);
  write(next);
  return next;
};

const write = (views: readonly SavedView[]): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify(views));
  } catch {
    // Private mode without storage: the views last for this page only.
  }
};

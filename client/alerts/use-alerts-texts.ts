import { useEffect, useState } from 'react';
import { importWhenReachable } from '../lib/import-when-reachable.ts';

let loaded = false;
let loading: Promise<void> | undefined;

/**
 * Loads the account settings' texts (client/alerts/add-texts.ts) in a chunk of their own the first time a part
 * that shows them renders: the product page's toggles are on a first page, whose JavaScript is budgeted, and a
 * module evaluated before i18next starts could not add them anyway. True once they are there.
 */
export const useAlertsTexts = (): boolean => {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loading ??= importWhenReachable(() => import('./add-texts.ts')).then(({ addAlertsTexts }) => {
      addAlertsTexts();
      loaded = true;
    });
    void loading.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
};

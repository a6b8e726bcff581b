import { useMemo } from 'react';
import { map } from 'rxjs';
import { useObservable } from '../ui/use-observable.ts';
import { progress$ } from './progress.ts';
import { summarise, type PhotoUploadsProgress } from './upload-summary.ts';

export type { PhotoUploadsProgress } from './upload-summary.ts';

/** The upload progress of an ad's photos, live (this tab's uploader or another tab's). */
export const usePhotoUploads = (ids: readonly string[]): PhotoUploadsProgress => {
  const key = ids.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the ids' contents, not the array's identity
  const source = useMemo(() => progress$.pipe(map((states) => summarise(ids, states))), [key]);
  return useObservable(source) ?? { uploaded: 0, total: ids.length, failed: undefined };
};

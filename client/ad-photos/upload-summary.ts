import type { PhotoProgress } from './progress.ts';

export interface PhotoUploadsProgress {
  /** Photos the server holds whole (or that are not on this device: uploaded from elsewhere, or long ago). */
  uploaded: number;
  total: number;
  /** The server's reason for the first photo it refused, if any: the ad stays a draft until it is replaced. */
  failed: string | undefined;
}

export const summarise = (ids: readonly string[], states: ReadonlyMap<string, PhotoProgress>): PhotoUploadsProgress => {
  let uploaded = 0;
  let failed: string | undefined;
  for (const id of ids) {
    const state = states.get(id);
    if (!state || state.state === 'uploaded') uploaded += 1;
    else if (state.state === 'failed') failed ??= state.failure ?? 'failed';
  }
  return { uploaded, total: ids.length, failed };
};

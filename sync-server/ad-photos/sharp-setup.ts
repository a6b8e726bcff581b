import sharp from 'sharp';

/**
 * libvips' bounds for this process, set once before the first photo: no operation cache (each photo is seen once,
 * and the cache would keep decoded images around), and one thread per photo, so photos being processed at once
 * are bounded by the photo queue (photo-queue.ts), not multiplied by libvips' threads.
 */
let configured = false;

export const configuredSharp = (): typeof sharp => {
  if (!configured) {
    sharp.cache(false);
    sharp.concurrency(1);
    configured = true;
  }
  return sharp;
};

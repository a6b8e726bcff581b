/**
 * At most `running` photos are decoded at once in this process, and at most `waiting` wait their turn (each holds
 * its original, up to 15 MB): a burst of uploads cannot take the process's memory. Past that, the caller answers
 * 503 with Retry-After and the device tries again (its upload resumes; the last chunk is simply sent again).
 */
export interface PhotoQueue {
  /** Runs `work` in its turn; undefined when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T> | undefined;
}

export const createPhotoQueue = (running = 1, waiting = 8): PhotoQueue => {
  let active = 0;
  const queue: (() => void)[] = [];
  const start = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      // The slot goes straight to the next in line (it stays counted), or is freed.
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    }
  };
  return {
    run<T>(work: () => Promise<T>): Promise<T> | undefined {
      if (active < running) {
        active += 1;
        return start(work);
      }
      if (queue.length >= waiting) return undefined;
      return new Promise<void>((resolve) => queue.push(resolve)).then(() => start(work));
    },
  };
};

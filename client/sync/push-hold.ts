import { merge } from 'rxjs';
import { clientFeatures } from '../features.ts';
import type { PushHold } from './feature.ts';

/**
 * Every registered feature's hold as one (client/features.ts): a command is kept back while any feature holds it,
 * and the pusher asks again whenever one of them says its holds changed. The kernel names no feature.
 */
export const featurePushHold = (): PushHold => {
  const holds = clientFeatures.flatMap((feature): PushHold[] =>
    'pushHold' in feature && feature.pushHold ? [feature.pushHold] : [],
  );
  return {
    holds: (command) => holds.some((hold) => hold.holds(command)),
    changed$: merge(...holds.map((hold) => hold.changed$)),
  };
};

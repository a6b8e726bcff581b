import { describe, expect, it } from 'vitest';
import { heldUntilHeard } from '../../../client/sync/held-events.ts';

describe('events held until heard (the account notices listen late)', () => {
  it('hands what was emitted before anyone listened to the first listener, once', () => {
    const events = heldUntilHeard<string>();
    events.emit('loggedOut');

    const first: string[] = [];
    const subscription = events.events$.subscribe((event) => first.push(event));
    expect(first).toEqual(['loggedOut']);
    subscription.unsubscribe();

    const second: string[] = [];
    events.events$.subscribe((event) => second.push(event)).unsubscribe();
    expect(second).toEqual([]);
  });

  it('sends events straight to a listener, in order after the held ones', () => {
    const events = heldUntilHeard<string>();
    events.emit('refreshFailed');
    const heard: string[] = [];
    const subscription = events.events$.subscribe((event) => heard.push(event));
    events.emit('loggedOut');
    expect(heard).toEqual(['refreshFailed', 'loggedOut']);
    subscription.unsubscribe();
  });

  it('holds again once the last listener has gone', () => {
    const events = heldUntilHeard<string>();
    events.events$.subscribe(() => undefined).unsubscribe();
    events.emit('loggedOut');
    const heard: string[] = [];
    events.events$.subscribe((event) => heard.push(event));
    expect(heard).toEqual(['loggedOut']);
  });
});

import { BehaviorSubject, firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTabConnection, type TabConnection } from '../../../client/sync/tab-connection.ts';

/**
 * Issue 19: "A second tab shows 'Свързване…' for 30 s or more while the first shows 'Онлайн'". Only the leader
 * tab holds the live stream; the others show what it tells them.
 */
describe('the connection state every tab shows', () => {
  const opened: TabConnection[] = [];
  const tab = (name: string) => {
    const connection = createTabConnection(name);
    opened.push(connection);
    return connection;
  };
  afterEach(() => opened.splice(0).forEach((c) => c.close()));
  const becomes = (connection: TabConnection, value: boolean) =>
    firstValueFrom(connection.connected$.pipe(filter((c) => c === value)));

  it("a follower shows the leader's state, and follows it when it changes", async () => {
    const leader = tab('store-a');
    const follower = tab('store-a');
    const own = new BehaviorSubject(false);
    leader.lead(own);
    own.next(true);
    await becomes(follower, true);
    own.next(false);
    await becomes(follower, false);
    expect(await firstValueFrom(leader.connected$)).toBe(false);
  });

  it('a tab opened later asks, and the leader answers with its state', async () => {
    const leader = tab('store-b');
    leader.lead(new BehaviorSubject(true));
    const later = tab('store-b');
    await becomes(later, true);
  });

  it("another store's tabs hear nothing of it", async () => {
    const leader = tab('store-c');
    const other = tab('store-d');
    leader.lead(new BehaviorSubject(true));
    await becomes(tab('store-c'), true);
    expect(await firstValueFrom(other.connected$)).toBe(false);
  });
});

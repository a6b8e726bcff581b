import { expect, test } from '@playwright/test';

/**
 * Issue 19: "A second tab shows 'Свързване…' for 30 s or more while the first shows 'Онлайн': every tab shows the
 * true state of the one connection." Only the leader tab holds the live stream; the others hear it say its state.
 */
test("a second tab shows the one connection's state, and follows it offline and back", async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('sync-mode')).toHaveText('Онлайн', { timeout: 20_000 });
  const second = await context.newPage();
  await second.goto('/cart');
  // Within 2 s of its store starting: it asks the leader tab rather than waiting for a stream of its own.
  await expect(second.getByTestId('sync-mode')).toHaveText('Онлайн', { timeout: 10_000 });

  await context.setOffline(true);
  for (const tab of [page, second]) await expect(tab.getByTestId('sync-mode')).toHaveText('Офлайн');
  await context.setOffline(false);
  for (const tab of [page, second])
    await expect(tab.getByTestId('sync-mode')).toHaveText('Онлайн', { timeout: 20_000 });
});

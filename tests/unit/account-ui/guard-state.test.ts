import { describe, expect, it } from 'vitest';
import { guardStateOf } from '../../../client/account/guard-state.ts';

const user = { id: 'user-1', email: 'a@b.bg', firstname: 'Ан', lastname: 'Ли', group_id: 1 };

describe('the account guard', () => {
  it('given the stored session not read yet, when guarded, then it waits (no bounce home)', () => {
    expect(guardStateOf(undefined, false)).toBe('checking');
  });

  it('given a user, when guarded, then the page shows', () => {
    expect(guardStateOf(user, false)).toBe('allowed');
  });

  it('given a guest, when guarded, then home with the warning', () => {
    expect(guardStateOf(null, false)).toBe('guest');
  });

  it('given a user who logged out on the page, when guarded, then home without the guest warning', () => {
    expect(guardStateOf(null, true)).toBe('loggedOut');
  });
});

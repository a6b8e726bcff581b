import { describe, expect, it } from 'vitest';
import { decideRoleChange, roleGrantSchema } from '../../../schema/ops/role-rules.ts';
import { roleAllows } from '../../../schema/ops/roles.ts';

describe('who may change a role', () => {
  it('given two admins, when one becomes a viewer, then the change is made', () => {
    expect(decideRoleChange('admin', 'viewer', 2)).toEqual({ kind: 'change' });
  });

  it('given one admin, when that admin would become anything else, then it is refused by name', () => {
    for (const next of ['viewer', 'support', 'moderator', 'customer'] as const) {
      const decision = decideRoleChange('admin', next, 1);
      expect(decision.kind).toBe('refused');
      expect(decision.kind === 'refused' && decision.message).toContain('last admin');
    }
  });

  it('given one admin, when a customer becomes admin or a viewer support, then the change is made', () => {
    expect(decideRoleChange('customer', 'admin', 1)).toEqual({ kind: 'change' });
    expect(decideRoleChange('viewer', 'support', 1)).toEqual({ kind: 'change' });
  });

  it('given the role the account has, when granted again, then nothing changes (even for the last admin)', () => {
    expect(decideRoleChange('admin', 'admin', 1)).toEqual({ kind: 'unchanged' });
    expect(decideRoleChange('support', 'support', 3)).toEqual({ kind: 'unchanged' });
  });
});

describe('a grant', () => {
  it('takes an e-mail and a role of the five, and names the bad field', () => {
    expect(roleGrantSchema.parse({ email: ' ana@example.bg ', role: 'moderator' })).toEqual({
      email: 'ana@example.bg',
      role: 'moderator',
    });
    const badRole = roleGrantSchema.safeParse({ email: 'ana@example.bg', role: 'operator' });
    expect(badRole.success || badRole.error.issues[0]?.path).toEqual(['role']);
    const badEmail = roleGrantSchema.safeParse({ email: 'ana', role: 'admin' });
    expect(badEmail.success || badEmail.error.issues[0]?.path).toEqual(['email']);
  });
});

describe('what each role allows', () => {
  it('every operator reads; support and moderator act only in their own area; admin everything', () => {
    const table = (['customer', 'viewer', 'support', 'moderator', 'admin'] as const).map((role) => [
      role,
      (['viewer', 'support', 'moderator', 'admin'] as const).filter((needed) => roleAllows(role, needed)),
    ]);
    expect(table).toEqual([
      ['customer', []],
      ['viewer', ['viewer']],
      ['support', ['viewer', 'support']],
      ['moderator', ['viewer', 'moderator']],
      ['admin', ['viewer', 'support', 'moderator', 'admin']],
    ]);
  });
});

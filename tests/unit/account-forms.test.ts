import { describe, expect, it } from 'vitest';
import { imageProblem } from '@/components/ui/image-problem';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/lib/users/avatar-limits';
import { afterSignIn } from '@/components/auth/after-sign-in';

describe('afterSignIn', () => {
  it('follows a same-site redir with its query', () => {
    expect(afterSignIn('?redir=%2Fcuenta%2Fseguridad%3Fx%3D1')).toBe('/cuenta/seguridad?x=1');
  });

  it('goes to the dashboard without redir or with one leading elsewhere', () => {
    expect(afterSignIn('')).toBe('/dashboard');
    expect(afterSignIn('?redir=https%3A%2F%2Fevil.test%2F')).toBe('/dashboard');
    expect(afterSignIn('?redir=%2F%2Fevil.test')).toBe('/dashboard');
    expect(afterSignIn('?redir=%2F%5Cevil.test')).toBe('/dashboard');
  });

  it('never lands on the logout page, in either language or with a query', () => {
    expect(afterSignIn('?redir=%2Flogout')).toBe('/dashboard');
    expect(afterSignIn('?redir=%2Flogout%3Fx%3D1')).toBe('/dashboard');
    expect(afterSignIn('?redir=%2Flogout%23top')).toBe('/dashboard');
  });
});

// The avatar picker's check before uploading.
const avatarProblem = (file: { type: string; size: number }) => imageProblem(file, AVATAR_TYPES, AVATAR_MAX_BYTES);

describe('avatarProblem', () => {
  it('takes PNG, JPEG and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(avatarProblem({ type, size: AVATAR_MAX_BYTES })).toBeNull();
    expect(AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses other types and bigger files', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

import { describe, expect, it } from 'vitest';
import { invitedEmail } from '@/components/auth/use-invited-email';

describe("the invitation's address on the register and login links", () => {
  it('reads the address beside redir', () => {
    expect(invitedEmail('?redir=%2Finvitation%3Ftoken%3Dabc&email=nico%2Btest%40example.test')).toBe('nico+test@example.test');
  });

  it('ignores what is not an address', () => {
    expect(invitedEmail('?redir=%2Fdashboard')).toBeNull();
    expect(invitedEmail('?email=not-an-address')).toBeNull();
    expect(invitedEmail('?email=a%20b%40c.d')).toBeNull();
    expect(invitedEmail(`?email=${'a'.repeat(250)}%40b.cd`)).toBeNull();
  });
});

import { arrivedAt, isLeavingAccount, markLeavingAccount } from './leaving-account.ts';

describe('leaving a deleted account', () => {
  afterEach(() => markLeavingAccount(false));

  it('stays marked while the screen being left renders again, and ends once home has rendered', () => {
    markLeavingAccount(true);
    expect(isLeavingAccount()).toBe(true);
    // The router renders the navigation as a transition: /profile may render again first.
    arrivedAt('/profile');
    expect(isLeavingAccount()).toBe(true);
    arrivedAt('/');
    expect(isLeavingAccount()).toBe(false);
  });

  it('a refused deletion clears the mark at once', () => {
    markLeavingAccount(true);
    markLeavingAccount(false);
    expect(isLeavingAccount()).toBe(false);
  });
});

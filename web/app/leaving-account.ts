/**
 * Set while an account is being deleted: its sessions end on the server before the answer reaches
 * us, and any refetch of the session in that window finds nobody signed in. A guarded screen then
 * goes home, not to /login?returnUrl=… (a journey on a loaded machine saw exactly that).
 *
 * It stays set until the destination has rendered (`arrivedAt`, from NavigationEffects): the router
 * renders a navigation as a transition, so the screen being left can render again with nobody signed
 * in after `navigate` has returned; clearing the mark there lost the race now and then.
 */
let leavingTo: string | null = null;

export const isLeavingAccount = () => leavingTo !== null;

export function markLeavingAccount(on: boolean, to = '/') {
  leavingTo = on ? to : null;
}

/** The route at `pathname` has rendered: once it is where the deleted account was going, it is over. */
export function arrivedAt(pathname: string) {
  if (leavingTo !== null && pathname === leavingTo) leavingTo = null;
}

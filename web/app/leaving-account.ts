/**
 * Set while an account is being deleted: its sessions end on the server before the answer reaches
 * us, and any refetch of the session in that window finds nobody signed in. A guarded screen then
 * goes home, not to /login?returnUrl=… (a journey on a loaded machine saw exactly that).
 */
let leaving = false;

export const isLeavingAccount = () => leaving;

export function markLeavingAccount(on: boolean) {
  leaving = on;
}

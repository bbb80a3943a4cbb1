/**
 * Only same-site paths are followed after login, never another origin. Browsers drop tabs and line
 * breaks from URLs and read "\\" as "/", so "/\t/evil.com" and "/\\evil.com" would leave the site too.
 */
export function isSafeReturnUrl(url: string | null | undefined): url is string {
  return !!url && url.startsWith('/') && !url.startsWith('//') && !/[\t\n\r\\]/.test(url);
}

/** A path with the returnUrl it carries on, when that is a safe same-site path (never another origin). */
export function withReturnUrl(path: string, returnUrl: string | null | undefined): string {
  if (!isSafeReturnUrl(returnUrl)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Where the link in the verification email lands: login, then on to the page the person was headed. */
export function verificationCallbackUrl(returnUrl: string | null | undefined): string {
  return withReturnUrl('/login?verified=1', returnUrl);
}

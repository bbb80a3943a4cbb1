import { useEffect } from 'react';

export const SITE_NAME = 'Rentza';

/** "Sea Point Loft · Rentza"; the site name alone when there is no page title yet. */
export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** Every screen names itself in the browser tab and to screen readers announcing the page. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

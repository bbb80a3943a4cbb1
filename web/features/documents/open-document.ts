import { DOCUMENT_MESSAGES } from '../../../domain/documents.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * Printing: a window is opened at once, inside the click (a window opened after an await is blocked
 * as a popup), shows the PDF once its address is known, and is asked to print when it has loaded.
 * Returns false (after the spec's toast) when the browser blocked the window.
 */
export async function printDocument(url: string | (() => Promise<string>)): Promise<boolean> {
  const win = window.open('', '_blank');
  if (!win) {
    notifyError(DOCUMENT_MESSAGES.popupsBlocked);
    return false;
  }
  try {
    const address = typeof url === 'string' ? url : await url();
    win.location.href = address;
    printWhenLoaded(win);
    return true;
  } catch (error) {
    win.close();
    throw error;
  }
}

/** Waits (up to half a minute) for the new window to show the document, then opens its print dialog. */
function printWhenLoaded(win: Window) {
  const started = Date.now();
  const timer = window.setInterval(() => {
    try {
      if (win.closed || Date.now() - started > 30_000) return window.clearInterval(timer);
      if (win.location.href === 'about:blank' || win.document.readyState !== 'complete') return;
      window.clearInterval(timer);
      win.focus();
      win.print();
    } catch {
      window.clearInterval(timer);
    }
  }, 250);
}

/** Saves a file: a link with `download`, clicked (same origin, so the browser keeps the server's name). */
export function downloadDocument(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = `${url}${url.includes('?') ? '&' : '?'}download=1`;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Opens the mail client with a mailto: link. */
export function openMailClient(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  document.body.append(link);
  link.click();
  link.remove();
}

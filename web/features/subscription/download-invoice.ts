/**
 * Saves a tax invoice PDF. It is fetched first (rather than a bare link) so that a refusal or a missing
 * invoice shows the spec's 'Failed to download invoice' instead of saving an error page as a PDF.
 */
export async function downloadInvoice(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Invoice download failed: ${response.status}`);
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the address only holds memory.
  window.setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

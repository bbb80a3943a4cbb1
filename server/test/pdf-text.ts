/**
 * The text of a PDF, page by page, read with pdf.js (pdfjs-dist) — what a person would read or
 * copy out of it. Runs on any machine with the npm packages (no poppler needed).
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('');
    // Rand amounts group with no-break spaces; read them as plain spaces.
    pages.push(text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' '));
  }
  await document.destroy();
  return pages;
}

/** All pages' text as one string. */
export async function pdfAllText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfText(pdf)).join('\n');
}

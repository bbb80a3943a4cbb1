import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { renderDocumentPdf } from './document-pdf.tsx';
import { sampleInvoice, sampleLogo } from './sample-invoice.ts';

/**
 * Renders one sample tax invoice, logo included, and throws the bytes away. The first PDF a process
 * lays out pays for parsing the fonts, starting the layout engine and the image decoder (about
 * 400 ms on CI's machine); doing it as the server starts means the first owner who issues or opens
 * a document waits no longer than the rest (issue 24: the first PDF after start within 200 ms).
 */
export async function warmUpPdfRenderer(): Promise<number> {
  const started = performance.now();
  await renderDocumentPdf(sampleInvoice(), await sampleLogo());
  return performance.now() - started;
}

/** Warms the renderer in the background; a failure is logged and changes nothing else. */
export function warmUpPdfRendererInBackground(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): void {
  warmUpPdfRenderer().then(
    (ms) => log.info({ ms: Math.round(ms) }, 'PDF renderer warmed up'),
    (error: unknown) => log.warn({ err: error }, 'PDF renderer warm-up failed'),
  );
}

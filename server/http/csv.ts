import type { FastifyReply } from 'fastify';
import { CSV_BOM, CSV_CONTENT_TYPE } from '../../domain/csv.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { binaryResponse } from './openapi.ts';

/** A CSV download in the route schema's answers (OpenAPI). */
export const CsvResponse = binaryResponse('The CSV file (UTF-8 with a BOM, CRLF rows)', 'text/csv');

/** Sends a CSV file as a download: UTF-8 with a BOM (Excel then reads it as UTF-8), a dated file name. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; body: string }) {
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(CSV_BOM + file.body);
}

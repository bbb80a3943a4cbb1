/** Content-Disposition for a download (attachment) or a view in the browser (inline), with a safe file name. */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\w.-]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const attachmentDisposition = (fileName: string) => contentDisposition('attachment', fileName);

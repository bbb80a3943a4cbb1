import { ApiError } from './api.ts';

/** The file name a Content-Disposition names (the UTF-8 form first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return (disposition && /filename="([^"]+)"/i.exec(disposition)?.[1]) || fallback;
}

/**
 * Downloads a file from the API with the session cookie (fetch, then a blob saved through a link),
 * so a refusal becomes an ApiError with the server's message instead of a page of JSON.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error: failed to fetch', 'NETWORK');
  }
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: the status text says enough.
    }
    throw new ApiError(response.status, message);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

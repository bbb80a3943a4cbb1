/** Plain node:http with keep-alive (cheaper than fetch; the load generator shares the machine). */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Reply {
  status: number;
  body: string;
  setCookie: string[];
  ms: number;
}

/** A server on 127.0.0.1 and the keep-alive agent its requests go through. */
export interface HttpTarget {
  port: number;
  /** Sent as the Origin header (the server's PUBLIC_URL). */
  publicUrl: string;
  agent: http.Agent;
}

export function request(
  server: HttpTarget,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { origin: server.publicUrl };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (options.cookie) headers.cookie = options.cookie;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path: url, headers, agent: server.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: res.headers['set-cookie'] ?? [],
            ms: performance.now() - start,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

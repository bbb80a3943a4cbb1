import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAddressesAnd } from './address-policy.ts';
import { airbnbSample, type FixtureServer, startFixtureServer } from './ics-fixtures.ts';
import { fetchCalendarText } from './safe-fetch.ts';

/**
 * The SSRF-safe fetch of calendar import (docs/decisions/053) against local fixture servers. The
 * fixture server is allowed by exact address:port, so anything else on 127.0.0.1 — where a redirect
 * points — meets the real policy and is refused.
 */
let fixtures: FixtureServer;
let other: FixtureServer;
let policy: ReturnType<typeof publicAddressesAnd>;
beforeAll(async () => {
  fixtures = await startFixtureServer();
  other = await startFixtureServer();
  policy = publicAddressesAnd([`127.0.0.1:${fixtures.port}`]);
});
afterAll(async () => {
  await fixtures?.close();
  await other?.close();
});

const fetchIt = (url: string, extra: Parameters<typeof fetchCalendarText>[1] = {}) =>
  fetchCalendarText(url, { policy, ...extra });

describe('fetchCalendarText', () => {
  it('reads a calendar from an allowed address', async () => {
    const url = fixtures.serve('/ok.ics', airbnbSample([[3, 5]]));
    expect(await fetchIt(url)).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('refuses loopback with the real policy, directly and by name', async () => {
    const url = other.serve('/inside.ics', airbnbSample([[3, 5]]));
    await expect(fetchCalendarText(url)).rejects.toThrow(
      'the address 127.0.0.1 is not a public internet address.',
    );
    await expect(fetchCalendarText(`http://localhost:${other.port}/inside.ics`)).rejects.toThrow(
      'not a public internet address',
    );
    await expect(fetchCalendarText(`http://[::1]:${other.port}/inside.ics`)).rejects.toThrow(
      'not a public internet address',
    );
    await expect(fetchCalendarText('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      'not a public internet address',
    );
  });

  it('a name resolving to a private address among public ones is refused', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(fetchCalendarText('http://feeds.example.com/a.ics', { resolve })).rejects.toThrow(
      'the address feeds.example.com is not a public internet address.',
    );
  });

  it('a redirect to 127.0.0.1 is refused, though that server would answer with a calendar', async () => {
    const target = other.serve('/secret.ics', airbnbSample([[3, 5]]));
    fixtures.routes.set('/redirect.ics', (_request, response) => {
      response.writeHead(302, { location: target }).end();
    });
    await expect(fetchIt(`${fixtures.origin}/redirect.ics`)).rejects.toThrow(
      'the address 127.0.0.1 is not a public internet address.',
    );
  });

  it('follows at most 3 redirects', async () => {
    const url = fixtures.serve('/final.ics', airbnbSample([[3, 5]]));
    for (let i = 1; i <= 4; i++)
      fixtures.routes.set(`/hop${i}`, (_request, response) => {
        response.writeHead(301, { location: i === 1 ? url : `/hop${i - 1}` }).end();
      });
    expect(await fetchIt(`${fixtures.origin}/hop3`)).toMatch(/^BEGIN:VCALENDAR/);
    await expect(fetchIt(`${fixtures.origin}/hop4`)).rejects.toThrow('redirects too many times');
  });

  it('refuses ftp:, file: and other schemes, and credentials in the URL', async () => {
    await expect(fetchIt('ftp://example.com/cal.ics')).rejects.toThrow('only http and https');
    await expect(fetchIt('file:///etc/passwd')).rejects.toThrow('only http and https');
    await expect(fetchIt('gopher://example.com/')).rejects.toThrow('only http and https');
    await expect(fetchIt(`http://user:pw@127.0.0.1:${fixtures.port}/ok.ics`)).rejects.toThrow('user name');
    await expect(fetchIt('not a url')).rejects.toThrow('not a valid URL');
  });

  it('a body over the limit is cut off, with or without Content-Length', async () => {
    const big = `BEGIN:VCALENDAR\r\n${'X-FILLER:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'.repeat(60_000)}END:VCALENDAR\r\n`;
    const declared = fixtures.serve('/huge.ics', big);
    await expect(fetchIt(declared)).rejects.toThrow('larger than 2 MB');
    let written = 0;
    fixtures.routes.set('/chunked.ics', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = 'X-FILLER:'.padEnd(64 * 1024, 'a');
      const pump = () => {
        while (written < 3 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.write('BEGIN:VCALENDAR\r\n');
      pump();
    });
    await expect(fetchIt(`${fixtures.origin}/chunked.ics`)).rejects.toThrow('larger than 2 MB');
  });

  it('gives up on a slow server at the deadline', async () => {
    fixtures.routes.set('/slow.ics', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n'); // and never ends
    });
    const started = Date.now();
    await expect(fetchIt(`${fixtures.origin}/slow.ics`, { timeoutMs: 300 })).rejects.toThrow(
      'no answer within',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses what is not a calendar, and error statuses', async () => {
    await expect(fetchIt(fixtures.serve('/page.html', '<html></html>', 'text/html'))).rejects.toThrow(
      'returned text/html, not a calendar',
    );
    await expect(fetchIt(fixtures.serve('/plain.txt', 'hello', 'text/plain'))).rejects.toThrow(
      'did not return an iCal calendar',
    );
    await expect(fetchIt(`${fixtures.origin}/missing.ics`)).rejects.toThrow('the server answered 404.');
  });
});

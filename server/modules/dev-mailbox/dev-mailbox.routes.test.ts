import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('dev mailbox API (no SMTP configured)', () => {
  it('lists delivered mail for an address, newest first, whatever the letter case of the filter', async () => {
    const to = uniqueEmail();
    await enqueueMail(t.db, { to, subject: 'First', html: '<p>1</p>', text: '1' });
    await t.deliverMail();
    await enqueueMail(t.db, { to, subject: 'Second', html: '<p>2</p>', text: '2' });
    await enqueueMail(t.db, { to: uniqueEmail(), subject: 'Someone else', html: '<p>3</p>', text: '3' });
    await t.deliverMail();

    const response = await t.get(`/api/dev/mailbox?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((mail: { subject: string }) => mail.subject)).toEqual(['Second', 'First']);

    const [latest] = response.json();
    const one = await t.get(`/api/dev/mailbox/${latest.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: latest.id, to, subject: 'Second', html: '<p>2</p>', text: '2' });
  });

  it('is 404 for an unknown message and 400 for a malformed id', async () => {
    const missing = await t.get(`/api/dev/mailbox/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Message not found');
    expect((await t.get('/api/dev/mailbox/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('with SMTP configured', () => {
  it('does not expose a dev mailbox', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      expect((await smtp.get('/api/dev/mailbox')).statusCode).toBe(404);
      expect((await smtp.get('/api/health')).statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('in production', () => {
  it('the server refuses to start without SMTP, with a message saying why', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-production-'));
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: '0',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain('Invalid configuration:');
      expect(started.stderr).toContain(
        'SMTP_URL: is required in production: without it emails would only be captured in the dev mailbox, which is never served in production',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves no dev mailbox, even if the configuration check were bypassed', async () => {
    const production = await createTestApp({
      configure: (config) => ({ ...config, NODE_ENV: 'production' }),
    });
    try {
      await enqueueMail(production.db, { to: uniqueEmail(), subject: 'Reset', html: '<p>r</p>', text: 'r' });
      await production.deliverMail();
      const [captured] = await production.db.selectFrom('dev_mailbox').select('id').execute();
      expect(captured).toBeDefined();
      for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${captured?.id}`]) {
        const response = await production.get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({
          error: 'NOT_FOUND',
          message: 'The requested information could not be found.',
        });
      }
      expect((await production.get('/api/health')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('with SMTP configured starts, without a dev mailbox', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        RENTZA_VAT_NUMBER: '4123456789',
        RENTZA_ADDRESS: '12 Long Street, Cape Town, 8001',
        PAYFAST_MODE: 'sandbox',
        PAYFAST_MERCHANT_ID: '10000100',
        PAYFAST_MERCHANT_KEY: '46f0cd694581a',
        PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
        PAYMENT_CREDENTIALS_KEY: Buffer.alloc(32, 5).toString('base64'),
      },
    });
    try {
      expect((await production.get('/api/dev/mailbox')).statusCode).toBe(404);
      expect((await production.get('/api/health')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
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

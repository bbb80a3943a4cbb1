import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetMail, renderActionMail, verificationMail } from './templates.ts';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('escapes an ampersand only once', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });
});

describe('account emails', () => {
  const url = 'http://localhost:3999/api/auth/verify-email?token=abc&callbackURL=%2Flogin';

  it('verification: subject, greeting, and the link in both bodies', () => {
    const mail = verificationMail('naledi@example.co.za', 'Naledi Mahlangu', url);
    expect(mail.to).toBe('naledi@example.co.za');
    expect(mail.subject).toBe('Verify your email for Rentza');
    expect(mail.text).toContain('Hi Naledi Mahlangu,');
    expect(mail.text).toContain(`Verify email: ${url}`);
    expect(mail.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(mail.text).toContain('24 hours');
  });

  it('password reset: subject, link and expiry', () => {
    const resetUrl = 'http://localhost:3999/api/auth/reset-password/tok?callbackURL=%2Freset-password';
    const mail = passwordResetMail('naledi@example.co.za', 'Naledi', resetUrl);
    expect(mail.subject).toBe('Reset your Rentza password');
    expect(mail.text).toContain(`Reset password: ${resetUrl}`);
    expect(mail.html).toContain(resetUrl);
    expect(mail.text).toContain('1 hour');
  });

  it('never lets a name inject markup into the HTML body', () => {
    const mail = verificationMail('x@example.co.za', '<img src=x onerror=alert(1)>', url);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders a mail without an action button', () => {
    const mail = renderActionMail({
      to: 'x@example.co.za',
      subject: 'Hi',
      greetingName: 'Sipho',
      paragraphs: ['One', 'Two'],
    });
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toBe('Hi Sipho,\n\nOne\n\nTwo\n\nRentza');
  });
});

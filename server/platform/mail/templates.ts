import type { OutgoingMail } from './transports.ts';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface ActionMail {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One layout for every email: greeting, paragraphs, an optional button with its link spelled out. */
export function renderActionMail(mail: ActionMail): OutgoingMail {
  const paragraphsHtml = mail.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  const actionHtml = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#0b7285;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#495057">Or open this link: <a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const footHtml = mail.footnote
    ? `<p style="font-size:13px;color:#495057">${escapeHtml(mail.footnote)}</p>`
    : '';
  const html = `<!doctype html><html lang="en-ZA"><body style="font-family:Arial,sans-serif;color:#212529;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#0b7285">Rentza</h1>
<p style="margin:0 0 16px">Hi ${escapeHtml(mail.greetingName)},</p>${paragraphsHtml}${actionHtml}${footHtml}
<p style="font-size:12px;color:#495057">Rentza — rent anything, anywhere, anytime.</p></body></html>`;
  const text = [
    `Hi ${mail.greetingName},`,
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.footnote ? [mail.footnote] : []),
    'Rentza',
  ].join('\n\n');
  return { to: mail.to, subject: mail.subject, html, text };
}

export const VERIFICATION_SUBJECT = 'Verify your email for Rentza';
export const PASSWORD_RESET_SUBJECT = 'Reset your Rentza password';

export function verificationMail(to: string, name: string, url: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: VERIFICATION_SUBJECT,
    greetingName: name,
    paragraphs: ['Thanks for joining Rentza. Please confirm your email address to activate your account.'],
    action: { label: 'Verify email', url },
    footnote: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, name: string, url: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: PASSWORD_RESET_SUBJECT,
    greetingName: name,
    paragraphs: ['We received a request to reset your password. Choose a new one with the button below.'],
    action: { label: 'Reset password', url },
    footnote: 'This link expires in 1 hour. If you did not ask for a reset, you can ignore this email.',
  });
}

import { formatDisplayDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import type { OutgoingMail } from './transports.ts';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A business writing to its clients (booking and document emails): its logo (or name) heads the email,
 * and "Powered by Rentza" closes it on Starter and Pro plans (docs/decisions/038).
 */
export interface MailBrand {
  name: string;
  /** Absolute URL of the business's logo (PNG), or null to show its name instead. */
  logoUrl: string | null;
  poweredByRentza: boolean;
}

interface ActionMail {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  brand?: MailBrand;
}

function headerHtml(brand: MailBrand | undefined): string {
  if (!brand) return '<h1 style="font-size:22px;color:#0b7285">Rentza</h1>';
  if (brand.logoUrl) {
    return `<p style="margin:0 0 16px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:64px;max-width:240px;height:auto;width:auto;border:0"></p>`;
  }
  return `<h1 style="font-size:22px;color:#0b7285">${escapeHtml(brand.name)}</h1>`;
}

function closingHtml(brand: MailBrand | undefined): string {
  if (!brand) return '<p style="font-size:12px;color:#495057">Rentza — rent anything, anywhere, anytime.</p>';
  return brand.poweredByRentza ? '<p style="font-size:12px;color:#495057">Powered by Rentza</p>' : '';
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
${headerHtml(mail.brand)}
<p style="margin:0 0 16px">Hi ${escapeHtml(mail.greetingName)},</p>${paragraphsHtml}${actionHtml}${footHtml}
${closingHtml(mail.brand)}</body></html>`;
  const text = [
    `Hi ${mail.greetingName},`,
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.footnote ? [mail.footnote] : []),
    ...(mail.brand
      ? [mail.brand.name, ...(mail.brand.poweredByRentza ? ['Powered by Rentza'] : [])]
      : ['Rentza']),
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

export const EXISTING_ACCOUNT_SIGN_UP_SUBJECT = 'Someone tried to register with your email on Rentza';

/**
 * Sent instead of a second account when someone signs up with a registered address: the sign-up
 * answers exactly as a new one would, so only the address's owner learns that it is registered.
 */
export function existingAccountSignUpMail(
  to: string,
  name: string,
  urls: { login: string; forgotPassword: string },
): OutgoingMail {
  return renderActionMail({
    to,
    subject: EXISTING_ACCOUNT_SIGN_UP_SUBJECT,
    greetingName: name,
    paragraphs: [
      'Someone tried to register a new Rentza account with your email address. You already have an account, so no new one was created.',
      `If it was you, sign in with the button below. Forgot your password? Reset it here: ${urls.forgotPassword}`,
    ],
    action: { label: 'Sign in', url: urls.login },
    footnote: 'If it was not you, you can ignore this email: your account has not changed.',
  });
}

// Subscription lifecycle (issue 13): sent by the scheduled sweep, server/modules/subscriptions/subscription-lifecycle.ts.

/** The Johannesburg calendar date of an instant, as '24 December 2026'. */
export function formatInstantDate(instant: Date): string {
  return formatDisplayDate(todayInBusinessZone(instant));
}

export interface SubscriptionMailInput {
  to: string;
  name: string;
  /** 'Pro' */
  planName: string;
  /** `${PUBLIC_URL}/subscription?tab=billing` */
  billingUrl: string;
}

export function subscriptionRenewalReminderMail(
  input: SubscriptionMailInput & { renewsOn: Date; amountCents: number },
): OutgoingMail {
  const date = formatInstantDate(input.renewsOn);
  // Sent only when no recurring charge is coming (once-off payments, or the gateway's charge failed).
  return renderActionMail({
    to: input.to,
    subject: `Your Rentza subscription renews on ${date}`,
    greetingName: input.name,
    paragraphs: [
      `Your ${input.planName} plan renews on ${date} for ${formatRandCents(input.amountCents)}.`,
      'Please pay from the Billing tab before then to keep your listings online without interruption.',
    ],
    action: { label: 'View billing', url: input.billingUrl },
    footnote: 'To stop the renewal, cancel your subscription in the Billing tab before that date.',
  });
}

export function subscriptionPaymentDueMail(
  input: SubscriptionMailInput & { periodEnd: Date; graceEndsAt: Date; amountCents: number },
): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: 'Payment due for your Rentza subscription',
    greetingName: input.name,
    paragraphs: [
      `Your ${input.planName} plan's billing period ended on ${formatInstantDate(input.periodEnd)} and we have not received its payment of ${formatRandCents(input.amountCents)}.`,
      `Your listings stay online until ${formatInstantDate(input.graceEndsAt)}. If the payment has not arrived by then, your subscription becomes inactive and your listings are hidden from search.`,
    ],
    action: { label: 'Pay now', url: input.billingUrl },
  });
}

export function subscriptionInactiveMail(
  input: SubscriptionMailInput & { graceEndedAt: Date },
): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: 'Your Rentza subscription is inactive',
    greetingName: input.name,
    paragraphs: [
      `We did not receive the payment for your ${input.planName} plan by ${formatInstantDate(input.graceEndedAt)}, so your subscription is now inactive. Your listings are hidden from search and clients cannot book them.`,
      'Pay from the Billing tab to reactivate it: your listings show again as soon as the payment is received.',
    ],
    action: { label: 'Pay now', url: input.billingUrl },
  });
}

/** What a cancelled subscription paid for: 'Pro plan', 'Pro plan and its add-ons (Homepage boost)', 'add-ons (…)'. */
export function paidSubscriptionLabel(
  plan: { name: string; free: boolean },
  addOnNames: readonly string[],
): string {
  const addOns = addOnNames.length > 0 ? `add-ons (${addOnNames.join(', ')})` : '';
  if (plan.free) return addOns || `${plan.name} plan`;
  return addOns ? `${plan.name} plan and its ${addOns}` : `${plan.name} plan`;
}

export function subscriptionEndedMail(input: {
  to: string;
  name: string;
  /** paidSubscriptionLabel */
  label: string;
  endedOn: Date;
  plansUrl: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: 'Your paid Rentza subscription has ended',
    greetingName: input.name,
    paragraphs: [
      `As you asked, your ${input.label} ended on ${formatInstantDate(input.endedOn)}. You will not be charged for it again.`,
      'Your account is now on the free Starter plan. You can upgrade again at any time.',
    ],
    action: { label: 'View plans', url: input.plansUrl },
  });
}

export const ACCOUNT_DELETED_SUBJECT = 'Your Rentza account has been deleted';

/** Sent to the address a person had, as their account is erased (POPIA, docs/decisions/054). */
export function accountDeletedMail(to: string, firstName: string, privacyUrl: string): OutgoingMail {
  return renderActionMail({
    to,
    subject: ACCOUNT_DELETED_SUBJECT,
    greetingName: firstName,
    paragraphs: [
      'As you asked, your Rentza account has been deleted. You can no longer sign in, and your personal details have been erased or anonymised.',
      'Tax invoices and other documents already issued keep the names printed on them for five years, as the law requires, and businesses keep their booking records with your name removed.',
    ],
    action: { label: 'Read our privacy notice', url: privacyUrl },
    footnote: 'If you did not ask for this, contact support@rentza.co.za at once.',
  });
}

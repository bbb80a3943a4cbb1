import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isEssentialMail,
  MAIL_KINDS,
  type MailKind,
  readNotificationSettings,
  SMS_UNAVAILABLE_MESSAGE,
  shouldNotifyInApp,
  shouldSendMail,
  smsSwitchRefusal,
} from './notifications.ts';

describe('notification settings', () => {
  it('default to email on, SMS on (spec booking-core §2) and in-app on (docs/decisions/042)', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({ email: true, sms: true, app: true });
  });

  it.each([
    ['nothing stored (accounts from before the switches)', undefined, { email: true, sms: true, app: true }],
    ['null', null, { email: true, sms: true, app: true }],
    ['an empty object', {}, { email: true, sms: true, app: true }],
    ['email switched off', { email: false }, { email: false, sms: true, app: true }],
    [
      'every switch flipped',
      { email: false, sms: false, app: true },
      { email: false, sms: false, app: true },
    ],
    ['a malformed value', { email: 'no', sms: 0, app: 'yes' }, { email: true, sms: true, app: true }],
    ['not an object', 'off', { email: true, sms: true, app: true }],
  ])('read from %s', (_, stored, expected) => {
    expect(readNotificationSettings(stored)).toEqual(expected);
  });
});

describe('which mail is essential', () => {
  it.each([
    ['verification', true],
    ['password_reset', true],
    ['invitation', true],
    ['document', true],
    ['booking', false],
  ] as const)('%s → %s', (kind, essential) => {
    expect(isEssentialMail(kind)).toBe(essential);
  });

  it('covers every kind of mail', () => {
    expect([...MAIL_KINDS].sort()).toEqual(
      ['booking', 'document', 'invitation', 'password_reset', 'verification'].sort(),
    );
  });
});

describe('shouldSendMail', () => {
  const emailOff = { email: false, sms: true, app: false };
  const emailOn = { email: true, sms: false, app: false };
  it.each([
    ['booking', null, true, 'no account (a client record only): always mailed'],
    ['booking', emailOn, true, 'email switch on'],
    ['booking', emailOff, false, 'email switch off'],
    ['verification', emailOff, true, 'essential despite the switch'],
    ['password_reset', emailOff, true, 'essential despite the switch'],
    ['invitation', emailOff, true, 'essential despite the switch'],
    ['document', emailOff, true, 'an owner sent it'],
  ] as [MailKind, typeof emailOff | null, boolean, string][])(
    '%s to %j → %s (%s)',
    (kind, account, expected) => {
      expect(shouldSendMail(kind, account)).toBe(expected);
    },
  );
});

describe('the in-app switch and the SMS switch', () => {
  it('the bell gets notifications while in-app is on, which it is by default', () => {
    expect(shouldNotifyInApp(readNotificationSettings(undefined))).toBe(true);
    expect(shouldNotifyInApp(readNotificationSettings({ app: false }))).toBe(false);
  });

  const off = { email: true, sms: false, app: true };
  const on = { email: true, sms: true, app: true };
  it.each([
    ['switching SMS on without a provider', off, on, false, SMS_UNAVAILABLE_MESSAGE],
    ['keeping a stored "on" without a provider', on, on, false, null],
    ['switching SMS off without a provider', on, off, false, null],
    ['switching SMS on with a provider', off, on, true, null],
  ])('%s → %s', (_, current, next, available, refusal) => {
    expect(smsSwitchRefusal(current, next, available)).toBe(refusal);
  });
});

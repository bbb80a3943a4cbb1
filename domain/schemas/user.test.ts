import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ClaimAccountSchema,
  checkPasswordRules,
  EmailOnlySchema,
  fieldErrors,
  LoginSchema,
  PASSWORD_MIN_LOGIN,
  PASSWORD_MIN_REGISTER,
  PASSWORD_RULES,
  PHONE_PATTERN,
  ProfileUpdateSchema,
  RESEND_COOLDOWN_SECONDS,
  RegisterFormSchema,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  registrationPassword,
} from './user.ts';

/** The per-field messages of a failed parse, or {} when it passed. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

const CHOOSE_ROLE = 'Please choose whether you want to rent or list a property';

const validRegistration = {
  first_name: 'Naledi',
  last_name: 'Mahlangu',
  email: 'naledi@example.co.za',
  phone: '082 555 0101',
  role: 'owner',
  password: 'Rentza#2026',
  termsAccepted: true,
};

describe('constants', () => {
  it('match the spec', () => {
    expect(PASSWORD_MIN_LOGIN).toBe(6);
    expect(PASSWORD_MIN_REGISTER).toBe(8);
    expect(RESEND_COOLDOWN_SECONDS).toBe(60);
  });
});

describe('LoginSchema', () => {
  it('accepts a valid login, trimming and lower-casing the email', () => {
    expect(LoginSchema.parse({ email: '  Naledi@Example.CO.ZA ', password: 'secret' })).toEqual({
      email: 'naledi@example.co.za',
      password: 'secret',
    });
  });

  it.each([
    [{ email: '', password: 'secret' }, { email: 'Email is required' }],
    [{ email: '   ', password: 'secret' }, { email: 'Email is required' }],
    [{ password: 'secret' }, { email: 'Email is required' }],
    [{ email: 'naledi', password: 'secret' }, { email: 'Please enter a valid email' }],
    [{ email: 'naledi@', password: 'secret' }, { email: 'Please enter a valid email' }],
    [{ email: 'naledi@example', password: 'secret' }, { email: 'Please enter a valid email' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Password is required' }],
    [{ email: 'a@b.co' }, { password: 'Password is required' }],
    [{ email: 'a@b.co', password: '12345' }, { password: 'Password must be at least 6 characters' }],
  ])('%j → %j', (input, expected) => {
    expect(errorsOf(LoginSchema, input)).toEqual(expected);
  });

  it('accepts a 6-character password (the login rule is looser than registration)', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'abcdef' }).success).toBe(true);
  });
});

describe('password checklist', () => {
  it('has the five rules in display order', () => {
    expect(PASSWORD_RULES.map((rule) => [rule.id, rule.label])).toEqual([
      ['length', 'At least 8 characters'],
      ['upper', 'One uppercase letter'],
      ['lower', 'One lowercase letter'],
      ['digit', 'One number'],
      ['special', 'One special character'],
    ]);
  });

  it.each([
    ['', []],
    ['abcdefgh', ['length', 'lower']],
    ['ABCDEFGH', ['length', 'upper']],
    ['Abc1!', ['upper', 'lower', 'digit', 'special']],
    ['Password 12', ['length', 'upper', 'lower', 'digit']],
    ['Rentza#2026', ['length', 'upper', 'lower', 'digit', 'special']],
  ])('"%s" meets %j', (password, met) => {
    const checks = checkPasswordRules(password);
    expect(checks.map((check) => check.id)).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
    expect(checks.filter((check) => check.met).map((check) => check.id)).toEqual(met);
  });
});

describe('registrationPassword', () => {
  it.each([
    ['', 'Password is required'],
    ['Ab1!xyz', 'Password must be at least 8 characters'],
    ['lowercase1!', 'Password must contain an uppercase letter'],
    ['UPPERCASE1!', 'Password must contain a lowercase letter'],
    ['NoNumbers!!', 'Password must contain a number'],
    ['NoSpecial12', 'Password must contain a special character'],
    ['No Special 12', 'Password must contain a special character'],
    [`Aa1!${'x'.repeat(125)}`, 'Password must be 128 characters or fewer'],
  ])('refuses "%s": %s', (password, message) => {
    const result = registrationPassword.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts 8 to 128 characters with all classes', () => {
    expect(registrationPassword.safeParse('Rentza#1').success).toBe(true);
    expect(registrationPassword.safeParse(`Aa1!${'x'.repeat(124)}`).success).toBe(true);
  });

  it('property: accepted exactly when all five checklist rules are met (and within 128 characters)', () => {
    const unit = fc.constantFrom('a', 'z', 'B', 'Q', '0', '7', '!', '#', '_', ' ', 'é', '\t');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (password) => {
        const allMet = checkPasswordRules(password).every((check) => check.met);
        expect(registrationPassword.safeParse(password).success).toBe(allMet);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any string it accepts meets all five rules', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (password) => {
        if (registrationPassword.safeParse(password).success) {
          expect(checkPasswordRules(password).every((check) => check.met)).toBe(true);
        }
      }),
    );
  });
});

describe('phone numbers', () => {
  it.each([
    '0825550101',
    '082 555 0101',
    '082-555-0101',
    '082.555.0101',
    '(082) 555-0101',
    '(082)5550101',
    '(082)-555-0101',
    '+0825550101',
    '+082 555 0101',
  ])('accepts %s', (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(true);
    expect(errorsOf(ProfileUpdateSchema, { first_name: 'A', last_name: 'B', phone })).toEqual({});
  });

  it.each([
    '12345',
    '082 555 010',
    '082 555 01011',
    '+27 82 555 0101',
    '27825550101',
    '(08) 2555 0101',
    '(082 555 0101',
    '082) 555 0101',
    '082  555 0101',
    '082_555_0101',
    '++0825550101',
    '0825550101 ext 2',
    'phone-number',
    '082 555 O1O1',
  ])('refuses %s', (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(false);
    expect(errorsOf(ProfileUpdateSchema, { first_name: 'A', last_name: 'B', phone })).toEqual({
      phone: 'Please enter a valid phone number',
    });
  });

  it('property: every accepted number has exactly 10 digits', () => {
    const unit = fc.constantFrom('0', '1', '5', '9', ' ', '-', '.', '(', ')', '+', 'x');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (phone) => {
        if (PHONE_PATTERN.test(phone)) expect(phone.replace(/\D/g, '')).toHaveLength(10);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: 10 digits in any of the allowed layouts are accepted', () => {
    const digits = (n: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const separator = fc.constantFrom('', ' ', '-', '.');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        digits(3),
        separator,
        digits(3),
        separator,
        digits(4),
        (plus, brackets, area, sep1, middle, sep2, last) => {
          const phone = `${plus ? '+' : ''}${brackets ? `(${area})` : area}${sep1}${middle}${sep2}${last}`;
          expect(PHONE_PATTERN.test(phone)).toBe(true);
        },
      ),
    );
  });
});

describe('RegisterRequestSchema', () => {
  it('accepts a valid registration and normalises it', () => {
    expect(
      RegisterRequestSchema.parse({
        ...validRegistration,
        first_name: '  Naledi ',
        email: ' Naledi@Example.CO.ZA',
        phone: ' 082 555 0101 ',
      }),
    ).toEqual({ ...validRegistration, phone: '082 555 0101' });
  });

  it.each([[''], ['   '], [undefined]])('stores the optional phone %j as null', (phone) => {
    expect(RegisterRequestSchema.parse({ ...validRegistration, phone }).phone).toBeNull();
  });

  it.each(['client', 'owner'])('accepts the sign-up role %s', (role) => {
    expect(RegisterRequestSchema.parse({ ...validRegistration, role }).role).toBe(role);
  });

  it.each(['admin', 'backoffice', 'frontoffice', 'back_office', 'tenant', '', undefined])(
    'refuses the role %j',
    (role) => {
      expect(errorsOf(RegisterRequestSchema, { ...validRegistration, role })).toEqual({ role: CHOOSE_ROLE });
    },
  );

  it.each([
    [{ first_name: '' }, { first_name: 'First name is required' }],
    [{ first_name: '  ' }, { first_name: 'First name is required' }],
    [{ first_name: undefined }, { first_name: 'First name is required' }],
    [{ first_name: 'x'.repeat(101) }, { first_name: 'Must be 100 characters or fewer' }],
    [{ last_name: '' }, { last_name: 'Last name is required' }],
    [{ last_name: undefined }, { last_name: 'Last name is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: undefined }, { email: 'Email is required' }],
    [{ email: 'naledi.example.co.za' }, { email: 'Please enter a valid email' }],
    [{ phone: '555' }, { phone: 'Please enter a valid phone number' }],
    [{ password: undefined }, { password: 'Password is required' }],
    [{ password: 'short' }, { password: 'Password must be at least 8 characters' }],
    [{ termsAccepted: false }, { termsAccepted: 'You must accept the terms and conditions' }],
    [{ termsAccepted: undefined }, { termsAccepted: 'You must accept the terms and conditions' }],
    [{ termsAccepted: 'yes' }, { termsAccepted: 'You must accept the terms and conditions' }],
  ])('%j → %j', (override, expected) => {
    expect(errorsOf(RegisterRequestSchema, { ...validRegistration, ...override })).toEqual(expected);
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(errorsOf(RegisterRequestSchema, {})).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
      'role',
      'termsAccepted',
    ]);
  });
});

describe('RegisterFormSchema', () => {
  const form = { ...validRegistration, confirmPassword: validRegistration.password };

  it('accepts a complete form', () => {
    expect(RegisterFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires the confirmation to match', () => {
    expect(errorsOf(RegisterFormSchema, { ...form, confirmPassword: 'Rentza#2027' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(RegisterFormSchema, { ...form, termsAccepted: false })).toEqual({
      termsAccepted: 'You must accept the terms and conditions',
    });
  });
});

describe('ResetPasswordFormSchema', () => {
  it('applies the registration rules and the confirmation', () => {
    expect(
      ResetPasswordFormSchema.safeParse({ password: 'Rentza#2026', confirmPassword: 'Rentza#2026' }).success,
    ).toBe(true);
    expect(errorsOf(ResetPasswordFormSchema, { password: 'Rentza#2026', confirmPassword: 'x' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      errorsOf(ResetPasswordFormSchema, { password: 'rentza#2026', confirmPassword: 'rentza#2026' }),
    ).toEqual({
      password: 'Password must contain an uppercase letter',
    });
  });
});

describe('EmailOnlySchema', () => {
  it('requires a valid email, as on the forgot-password screen', () => {
    expect(EmailOnlySchema.parse({ email: ' A@B.CO ' })).toEqual({ email: 'a@b.co' });
    expect(errorsOf(EmailOnlySchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(EmailOnlySchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email' });
  });

  it('property: a parsed email is trimmed and lower case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '  '), (address, pad) => {
        const result = EmailOnlySchema.safeParse({ email: `${pad}${address.toUpperCase()}${pad}` });
        if (result.success) expect(result.data.email).toBe(address.toLowerCase());
      }),
    );
  });
});

describe('ProfileUpdateSchema', () => {
  it('requires first and last name; the phone is optional', () => {
    expect(ProfileUpdateSchema.parse({ first_name: ' Sipho ', last_name: 'Zulu' })).toEqual({
      first_name: 'Sipho',
      last_name: 'Zulu',
      phone: null,
    });
    expect(errorsOf(ProfileUpdateSchema, { first_name: '', last_name: '' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });
});

describe('ClaimAccountSchema', () => {
  const claim = {
    token: 'abc',
    first_name: 'Sipho',
    last_name: 'Zulu',
    phone: '082 555 0101',
    password: 'Claimed#2026',
  };

  it('accepts a password that meets every registration rule', () => {
    expect(ClaimAccountSchema.safeParse(claim).success).toBe(true);
  });

  it.each([
    [{ token: '' }, { token: 'Invalid registration link' }],
    [{ token: undefined }, { token: 'Invalid registration link' }],
    [{ first_name: '' }, { first_name: 'First name is required' }],
    [{ last_name: ' ' }, { last_name: 'Last name is required' }],
    [{ phone: '' }, { phone: 'Phone is required' }],
    [{ phone: undefined }, { phone: 'Phone is required' }],
    [{ phone: '082 555' }, { phone: 'Please enter a valid phone number' }],
    [{ password: 'passwor' }, { password: 'Password must be at least 8 characters' }],
    [{ password: undefined }, { password: 'Password is required' }],
    [{ password: 'aaaaaaaa' }, { password: 'Password must contain an uppercase letter' }],
    [{ password: 'AAAAAAAA' }, { password: 'Password must contain a lowercase letter' }],
    [{ password: 'Password' }, { password: 'Password must contain a number' }],
    [{ password: 'Password1' }, { password: 'Password must contain a special character' }],
  ])('%j → %j', (override, expected) => {
    expect(errorsOf(ClaimAccountSchema, { ...claim, ...override })).toEqual(expected);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per field and uses "_" for the whole object', () => {
    const result = RegisterFormSchema.safeParse('not an object');
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error as z.ZodError))).toEqual(['_']);
    expect(errorsOf(registrationPassword, 'abc')).toEqual({ _: 'Password must be at least 8 characters' });
  });
});

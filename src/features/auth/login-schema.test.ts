import { describe, expect, it } from 'vitest';

import { LoginFormSchema } from './login-schema.ts';

const messages = (values: unknown) => {
  const result = LoginFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the sign-in form schema', () => {
  it('asks for both fields in words for the buyer', () => {
    expect(messages({ email: '', password: '' })).toEqual({
      email: 'Enter your e-mail address.',
      password: 'Enter your password.',
    });
    expect(messages({ email: '   ', password: 'x' })).toEqual({
      email: 'Enter your e-mail address.',
    });
  });

  it('refuses an address that is not an email', () => {
    expect(messages({ email: 'buyer@', password: 'secret' })).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
  });

  it('trims the address and keeps the password as typed', () => {
    expect(LoginFormSchema.parse({ email: '  buyer@example.com ', password: ' pass ' })).toEqual({
      email: 'buyer@example.com',
      password: ' pass ',
    });
  });
});

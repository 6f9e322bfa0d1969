import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { installSchemaMessages, schemaMessage } from '#contract/schema-messages.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: schemaMessage });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('schema messages', () => {
  it('say the spec’s generic texts instead of zod’s', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('Required');
    expect(messageOf(z.string(), 42)).toBe('Expected string, received number');
    expect(messageOf(z.number(), '42')).toBe('Expected number, received string');
    expect(messageOf(z.boolean(), null)).toBe('Expected boolean, received null');
    expect(messageOf(z.string(), ['a'])).toBe('Expected string, received array');
    expect(messageOf(z.object({}), 'x')).toBe('Expected object, received string');
    expect(messageOf(z.string().min(3), 'ab')).toBe('String must contain at least 3 character(s)');
    expect(messageOf(z.string().max(2), 'abc')).toBe('String must contain at most 2 character(s)');
    expect(messageOf(z.email(), 'nobody')).toBe('Invalid email');
  });

  it('leave a schema’s own message and other issues alone', () => {
    expect(messageOf(z.string().min(1, 'Enter the city'), '')).toBe('Enter the city');
    expect(messageOf(z.number().min(1), 0)).toBe('Too small: expected number to be >=1');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Invalid option: expected one of "a"|"b"');
  });

  it('apply to every parse once installed as the global map', () => {
    installSchemaMessages();
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe(
      'Expected string, received number',
    );
  });
});

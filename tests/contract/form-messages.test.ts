import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';
import { type $ZodType, safeParse } from 'zod/v4/core';

import { CompanyRequestCreateSchema } from '#contract/companies.ts';
import { ContentGuidelinesBodySchema } from '#contract/content-guidelines.ts';
import { formatCount } from '#contract/field-messages.ts';
import { InvitationCreateSchema, InvitationRegistrationSchema } from '#contract/members.ts';
import { ArticleFormSchema, FeedbackBodySchema, TopicBodySchema } from '#contract/order-items.ts';
import {
  EmailChangeRequestSchema,
  ProfileDetailsUpdateSchema,
} from '#contract/profile-settings.ts';
import { installSchemaMessages } from '#contract/schema-messages.ts';
import * as authForms from '#src/features/auth/form-schemas.ts';
import { LoginFormSchema } from '#src/features/auth/login-schema.ts';
import { CheckoutFormSchema } from '#src/features/checkout/checkout-form-values.ts';
import * as developerForms from '#src/features/developer-settings/form-schemas.ts';
import * as domainForms from '#src/features/domains/form-schemas.ts';
import { LimitFormSchema } from '#src/features/members/form-schemas.ts';
import { RequestEditsFormSchema } from '#src/features/orders/form-schemas.ts';
import * as profileForms from '#src/features/profile/form-schemas.ts';
import * as strategyForms from '#src/features/strategy-requests/form-schemas.ts';

/** zod's own phrasing, which no buyer should read. */
const RAW_PHRASES = [
  'character(s)',
  'String must',
  'Expected',
  'Invalid input',
  'Too big',
  'Too small',
];

/** Every schema a form of the app validates with, by the name the form uses. */
const FORM_SCHEMAS: Record<string, $ZodType> = {
  LoginFormSchema,
  ...authForms,
  CheckoutFormSchema,
  CompanyRequestCreateSchema,
  ContentGuidelinesBodySchema,
  TopicBodySchema,
  FeedbackBodySchema,
  ArticleFormSchema,
  EmailChangeRequestSchema,
  ProfileDetailsUpdateSchema,
  ...profileForms,
  ...domainForms,
  ...strategyForms,
  ...developerForms,
  InvitationCreateSchema,
  InvitationRegistrationSchema,
  LimitFormSchema,
  RequestEditsFormSchema,
};

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  schema?: $ZodType;
  checks?: {
    _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } };
  }[];
};
const defOf = (schema: $ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of a form, each with its path: the leaves of its objects. */
function fieldsOf(schema: $ZodType, path: string[] = []): [string, $ZodType][] {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    return Object.entries(def.shape).flatMap(([key, field]) => fieldsOf(field, [...path, key]));
  }
  if (def.type === 'pipe' && def.in && defOf(def.in).type === 'object')
    return fieldsOf(def.in, path);
  return [[path.join('.'), schema]];
}

interface Bounds {
  strings: number[];
  arrays: number[];
  numbers: number[];
}

/** The lengths and limits found anywhere inside a field's schema. */
function boundsOf(schema: $ZodType, bounds: Bounds = emptyBounds()): Bounds {
  const def = defOf(schema);
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum, value } = check._zod.def;
    const limit = minimum ?? maximum;
    if (kind === 'min_length' || kind === 'max_length' || kind === 'length_equals') {
      if (limit !== undefined) (def.type === 'array' ? bounds.arrays : bounds.strings).push(limit);
    }
    if ((kind === 'greater_than' || kind === 'less_than') && value !== undefined) {
      bounds.numbers.push(value);
    }
  }
  for (const inner of [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.schema,
    ...(def.options ?? []),
  ]) {
    if (inner) boundsOf(inner, bounds);
  }
  if (def.shape) Object.values(def.shape).forEach((field) => boundsOf(field, bounds));
  return bounds;
}
const emptyBounds = (): Bounds => ({ strings: [], arrays: [], numbers: [] });

/** The kind of value a form's field holds, seen through optional, default, pipe and the like. */
function kindOf(schema: $ZodType): string {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? def.schema;
  return inner && def.type !== 'array' && def.type !== 'object' ? kindOf(inner) : def.type;
}

/**
 * What a buyer can put into a field, of the kind the form gives it: text of every length around
 * its limits, lists of such texts (or of `{ value }` rows) of every length around theirs, numbers
 * around their bounds. Values of another kind cannot come from a form.
 */
function probesFor(schema: $ZodType): unknown[] {
  const { strings, arrays, numbers } = boundsOf(schema);
  const texts = ['', '   ', 'x', 'not valid', '🏕️.com', 'line\nbreak'];
  for (const limit of strings)
    texts.push('x'.repeat(Math.max(0, limit - 1)), 'x'.repeat(limit + 1));
  switch (kindOf(schema)) {
    case 'string':
      return texts;
    case 'array': {
      const element = defOf(schema).element ?? defOf(schema).innerType;
      const rows = element && kindOf(element) === 'object';
      const item = (text: string) => (rows ? { value: text } : text);
      const texts_ = rows ? texts.map((text) => `a${text}@example.com`).concat(texts) : texts;
      return [
        [],
        ...texts_.map((text) => [item(text)]),
        ...arrays.map((limit) =>
          Array.from({ length: limit + 1 }, (_, i) =>
            item(rows ? `a${i}@example.com` : `topic${i}.com`),
          ),
        ),
      ];
    }
    case 'number':
      return numbers.flatMap((n) => [n - 1, n + 1]);
    default:
      return [];
  }
}

describe('the messages of every form', () => {
  beforeAll(() => installSchemaMessages());

  it('are written for a buyer, never in zod’s own phrasing', () => {
    const raw: string[] = [];
    let checked = 0;
    for (const [form, schema] of Object.entries(FORM_SCHEMAS)) {
      for (const [field, fieldSchema] of fieldsOf(schema)) {
        for (const probe of probesFor(fieldSchema)) {
          const result = safeParse(fieldSchema, probe);
          for (const issue of result.error?.issues ?? []) {
            checked += 1;
            if (RAW_PHRASES.some((phrase) => issue.message.includes(phrase))) {
              raw.push(`${form}.${field} ${JSON.stringify(probe).slice(0, 40)}: ${issue.message}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect([...new Set(raw)]).toEqual([]);
  });

  it('name the field and its limit where it has one', () => {
    const messages = (schema: $ZodType, value: unknown) =>
      safeParse(schema, value).error?.issues.map((issue) => issue.message);
    expect(messages(FeedbackBodySchema, { feedback: '  ' })).toEqual(['Write your feedback.']);
    expect(messages(ProfileDetailsUpdateSchema.shape.first_name, 'x'.repeat(101))).toEqual([
      'First name can be at most 100 characters.',
    ]);
    expect(
      messages(authForms.ResetFormSchema, { password: 'short', password_confirmation: 'short' }),
    ).toEqual(['Use at least 12 characters.']);
    expect(messages(strategyForms.StrategyFormSchema.shape.description, 'x'.repeat(2001))).toEqual([
      'Your request can be at most 2,000 characters.',
    ]);
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('on the sign-in pages ask for each field in words for the buyer', () => {
    const messages = (schema: $ZodType, value: unknown) =>
      safeParse(schema, value).error?.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      );
    const register = {
      email: '',
      password: 'a long enough password',
      password_confirmation: '',
      first_name: 'Ana',
      last_name: 'Novak',
      company_name: 'Novak d.o.o.',
    };
    expect(messages(LoginFormSchema, { email: ' ', password: '' })).toEqual([
      'email: Enter your e-mail address.',
      'password: Enter your password.',
    ]);
    expect(messages(LoginFormSchema, { email: 'ana@', password: 'x' })).toEqual([
      'email: Enter a valid e-mail address, like name@example.com.',
    ]);
    // A form shows a field's first message (the comparison of the two passwords comes after).
    expect(messages(authForms.RegisterFormSchema, register)?.slice(0, 2)).toEqual([
      'email: Enter your e-mail address.',
      'password_confirmation: Enter the password again.',
    ]);
    expect(
      messages(authForms.RegisterFormSchema, {
        ...register,
        email: 'ana.example.com',
        password_confirmation: register.password,
      }),
    ).toEqual(['email: Enter a valid e-mail address, like name@example.com.']);
    expect(messages(authForms.PasswordResetRequestSchema, { email: '' })).toEqual([
      'email: Enter your e-mail address.',
    ]);
    expect(
      messages(authForms.ResetFormSchema, {
        password: 'a long enough password',
        password_confirmation: '',
      })?.slice(0, 1),
    ).toEqual(['password_confirmation: Enter the password again.']);
  });

  it('cover every form of the app', () => {
    const used = new Set<string>();
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) visit(path);
        else if (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) {
          const text = readFileSync(path, 'utf8');
          for (const pattern of [
            /zodResolver\(([A-Z]\w+)\)/g,
            /module\.(\w+Schema)\)/g,
            /useSchemaForm\((\w+),/g,
          ]) {
            for (const match of text.matchAll(pattern)) used.add(match[1]!);
          }
        }
      }
    };
    visit('src');
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !(name in FORM_SCHEMAS))).toEqual([]);
  });
});

// Request validation with the route's zod schemas. Unlike the type provider's own compiler, it
// keeps zod's issue paths, so violations can name nested fields exactly (`items[0].target_url`).
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

import type { Violation } from '#contract/errors.ts';
import { findInputProblems } from '#contract/input-rules.ts';
import { schemaMessage } from '#contract/schema-messages.ts';
import { formatViolationPath, type PathSegment } from '#contract/violation-path.ts';

/** The message of every 400 answer that lists violations. */
export const VALIDATION_FAILED_MESSAGE = 'Validation failed.';

export class RequestValidationError extends Error {
  readonly statusCode = 400;

  constructor(readonly violations: Violation[]) {
    super(VALIDATION_FAILED_MESSAGE);
    this.name = 'RequestValidationError';
  }
}

/**
 * The spec's generic texts ('Required', 'Expected X, received Y', ...) instead of zod's own
 * ("Invalid input: expected string, received number"), whether or not the global map is set.
 */
const parseOptions: z.core.ParseContext<z.core.$ZodIssue> = { error: schemaMessage };

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const style = httpPart === 'querystring' ? 'bracket' : 'dot';
  return (data) => {
    const refused = inputViolations(data, style);
    if (refused) return { error: new RequestValidationError(refused) };
    const result = schema.safeParse(data, parseOptions);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toViolations(result.error.issues, style)) };
  };
};

/**
 * Parses what the route's schemas could not (the fields of a multipart form) the same way:
 * the parsed value, or a 400 naming each violation.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const refused = inputViolations(data, 'dot');
  if (refused) throw new RequestValidationError(refused);
  const result = schema.safeParse(data, parseOptions);
  if (!result.success) throw new RequestValidationError(toViolations(result.error.issues));
  return result.data;
}

/**
 * The rules every input obeys before its own schema runs (contract/input-rules.ts): no NUL or
 * unpaired surrogate in any string, no value nested too deeply. Null when the input keeps them.
 */
function inputViolations(data: unknown, style: 'dot' | 'bracket'): Violation[] | null {
  const problems = findInputProblems(data);
  if (problems.length === 0) return null;
  return problems.map(({ path, message }) => ({ path: formatViolationPath(path, style), message }));
}

export function toViolations(
  issues: readonly z.core.$ZodIssue[],
  style: 'dot' | 'bracket' = 'dot',
): Violation[] {
  return issues.flatMap((issue) => {
    const path = issue.path.filter(isPathSegment);
    // Zod reports unknown keys once, on their parent; each one is named as its own field.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatViolationPath([...path, key], style),
        message: UNKNOWN_FIELD_MESSAGE,
      }));
    }
    // A rule's params (e.g. the corrected value of a link, spec §8) reach the client as they are.
    const parameters = issue.code === 'custom' ? issue.params : undefined;
    return [
      {
        path: formatViolationPath(path, style),
        message: issue.message,
        ...(parameters && Object.keys(parameters).length > 0 ? { parameters } : {}),
      },
    ];
  });
}

export const UNKNOWN_FIELD_MESSAGE = 'This field was not expected.';

function isPathSegment(key: PropertyKey): key is PathSegment {
  return typeof key !== 'symbol';
}

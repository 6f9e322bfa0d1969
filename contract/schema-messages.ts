/**
 * The spec's generic schema messages (§5): 'Required', 'Expected X, received Y',
 * 'String must contain at least N character(s)', 'Invalid email'. One error map for zod, used by
 * the server's request validation and installed as zod's global map on both sides, so a value of
 * the wrong type reads the same wherever it is caught (decision 091). A schema's own message
 * still wins over these.
 */
// zod's core, not its method-carrying API: the sign-in page installs these messages without it.
import { type $ZodRawIssue, config } from 'zod/v4/core';

/** The type name of a received value, as the messages say it. */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  if (input instanceof Date) return 'date';
  return typeof input;
}

const characters = (count: number | bigint) => `${count} character(s)`;

/** The spec's text for an issue, or undefined to keep zod's own. */
export function schemaMessage(issue: $ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${issue.expected}, received ${receivedType(issue.input)}`;
    case 'too_small':
      if (issue.origin !== 'string') return undefined;
      return issue.exact
        ? `String must contain exactly ${characters(issue.minimum)}`
        : `String must contain at least ${characters(issue.minimum)}`;
    case 'too_big':
      if (issue.origin !== 'string') return undefined;
      return issue.exact
        ? `String must contain exactly ${characters(issue.maximum)}`
        : `String must contain at most ${characters(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email' : undefined;
    default:
      return undefined;
  }
}

/** Makes `schemaMessage` zod's global error map; both the app and the API call it at start. */
export function installSchemaMessages(): void {
  config({ customError: schemaMessage });
}

import { ErrorBodySchema } from '#contract/errors.ts';

type ErrorResponses<Code extends number> = { [K in Code | 500]: typeof ErrorBodySchema };

/** Response schemas of the error statuses a route answers with; 500 is always possible. */
export function errorResponses<const Code extends number>(...codes: Code[]): ErrorResponses<Code> {
  return Object.fromEntries(
    [...codes, 500].map((code) => [code, ErrorBodySchema]),
  ) as ErrorResponses<Code>;
}

import type { Violation } from '#contract/errors.ts';

/** An error the API answers with on purpose: its status and message reach the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      violations?: Violation[];
      headers?: Record<string, string>;
      /** The limit that refused the request (a 429, the overload guard's 503), for the metrics. */
      limit?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NOT_FOUND_MESSAGE = 'Not found';
export const FORBIDDEN_MESSAGE = "You don't have access";
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message);
}

export function unauthorized(message: string): ApiError {
  return new ApiError(401, message);
}

export function forbidden(): ApiError {
  return new ApiError(403, FORBIDDEN_MESSAGE);
}

/** "Try again in 15 minutes.": the wait a 429's Retry-After gives, in words, rounded up. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
}

/** A 429 with Retry-After; `limit` names the limit in the metrics (`sign_in`, `mail_requests`…). */
export function tooManyRequests(
  retryAfterSeconds: number,
  message = `Too many failed login attempts. ${tryAgainIn(retryAfterSeconds)}`,
  limit = 'sign_in',
): ApiError {
  return new ApiError(429, message, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    limit,
  });
}

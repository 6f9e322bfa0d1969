import { describe, expect, it } from 'vitest';
import { redactTokens } from './request-log.ts';

describe('redactTokens', () => {
  it('hides the token of confirmation and reset links and leaves other paths alone', () => {
    expect(redactTokens('/api/v1/public/registrations/confirmations/abc_DEF-123')).toBe(
      '/api/v1/public/registrations/confirmations/[redacted]',
    );
    expect(redactTokens('/api/v1/public/passwords/resets/abc?x=1')).toBe(
      '/api/v1/public/passwords/resets/[redacted]?x=1',
    );
    expect(redactTokens('/api/v1/public/passwords/resets')).toBe('/api/v1/public/passwords/resets');
    expect(redactTokens('/api/v1/buyer/domains?page=2')).toBe('/api/v1/buyer/domains?page=2');
  });
});

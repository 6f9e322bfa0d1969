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

  it('hides credentials sent in the query string, and tokens anywhere in the address', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redactTokens(`/api/v1/buyer/orders?access_token=${jwt}&page=2`)).toBe(
      '/api/v1/buyer/orders?access_token=[redacted]&page=2',
    );
    expect(redactTokens('/api/v1/buyer/orders?page=1&refresh_token=r1&Password=x')).toBe(
      '/api/v1/buyer/orders?page=1&refresh_token=[redacted]&Password=[redacted]',
    );
    expect(redactTokens(`/api/v1/buyer/orders/${jwt}`)).toBe('/api/v1/buyer/orders/[redacted]');
    expect(redactTokens('/api/v1/buyer/sites?filter[search]=token-shop.com')).toBe(
      '/api/v1/buyer/sites?filter[search]=token-shop.com',
    );
  });
});

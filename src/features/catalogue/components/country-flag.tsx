import { useState } from 'react';

import { endpointPath } from '#contract/endpoint.ts';
import { referenceDataEndpoints } from '#contract/reference-data.ts';
import { apiUrl } from '#src/lib/api-client.ts';

/** The address of the SVG flag of an ISO 3166-1 alpha-2 code; null for anything else. */
export function flagUrl(code: string): string | null {
  const lower = code.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(lower)) return null;
  return apiUrl(endpointPath(referenceDataEndpoints.flag.path, { file: `${lower}.svg` }));
}

/** Spec §2: flags come in three sizes (4:3). */
const sizes = {
  sm: 'h-3 w-4',
  md: 'h-[15px] w-5',
  lg: 'h-6 w-8',
} as const;

/**
 * A country flag beside the country's name (so it is decorative). A placeholder shows for the
 * first 200 ms, while the image loads, and when it cannot be loaded (spec §2).
 *
 * The placeholder lies under the image, which covers it once shown: the browser paints nothing
 * of an image still loading, and `animate-flag-in` keeps a loaded one transparent for its first
 * 200 ms (`FLAG_PLACEHOLDER_DELAY_MS`). So a flag draws once, with no timer and no state, unless
 * its image fails (a table draws tens of them at once).
 */
export function CountryFlag({ code, size = 'sm' }: { code: string; size?: keyof typeof sizes }) {
  const [hasFailed, setFailed] = useState(false);
  const src = flagUrl(code);
  return (
    <span aria-hidden="true" className={`relative inline-block shrink-0 ${sizes[size]}`}>
      <span
        data-testid="flag-placeholder"
        className={`absolute inset-0 rounded-sm bg-slate-200 ${sizes[size]}`}
      />
      {src && !hasFailed ? (
        <img
          src={src}
          alt=""
          width={size === 'lg' ? 32 : size === 'md' ? 20 : 16}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className={`relative animate-flag-in rounded-sm object-cover ring-1 ring-slate-200 ${sizes[size]}`}
        />
      ) : null}
    </span>
  );
}

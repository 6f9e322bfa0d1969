import { useEffect, useState } from 'react';
import { FLAG_PLACEHOLDER_DELAY_MS } from '#src/config/constants.ts';
import { apiUrl } from '#src/lib/api-client.ts';

/** The address of the SVG flag of an ISO 3166-1 alpha-2 code; null for anything else. */
export function flagUrl(code: string): string | null {
  const lower = code.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(lower)) return null;
  return apiUrl(`/v1/common/flags/${lower}.svg`);
}

/** Spec §2: flags come in three sizes (4:3). */
const sizes = {
  sm: 'h-3 w-4',
  md: 'h-[15px] w-5',
  lg: 'h-6 w-8',
} as const;

type Phase = 'loading' | 'loaded' | 'failed';

/**
 * A country flag beside the country's name (so it is decorative). A placeholder shows for the
 * first 200 ms, while the image loads, and when it cannot be loaded.
 */
export function CountryFlag({ code, size = 'sm' }: { code: string; size?: keyof typeof sizes }) {
  const [isDelayOver, setDelayOver] = useState(false);
  const [phase, setPhase] = useState<Phase>('loading');
  const src = flagUrl(code);
  useEffect(() => {
    const timer = setTimeout(() => setDelayOver(true), FLAG_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const isShown = src !== null && isDelayOver && phase === 'loaded';
  return (
    <span aria-hidden="true" className={`relative inline-block shrink-0 ${sizes[size]}`}>
      {!isShown && (
        <span
          data-testid="flag-placeholder"
          className={`absolute inset-0 rounded-sm bg-slate-200 ${sizes[size]}`}
        />
      )}
      {src && phase !== 'failed' && (
        <img
          src={src}
          alt=""
          width={size === 'lg' ? 32 : size === 'md' ? 20 : 16}
          loading="lazy"
          decoding="async"
          onLoad={() => setPhase('loaded')}
          onError={() => setPhase('failed')}
          className={`rounded-sm object-cover ring-1 ring-slate-200 ${sizes[size]} ${isShown ? '' : 'opacity-0'}`}
        />
      )}
    </span>
  );
}

import { useEffect, useState } from 'react';
import { FLAG_PLACEHOLDER_DELAY_MS } from '../../../config/constants.ts';

/** The emoji flag of an ISO 3166-1 alpha-2 code ('DE' → 🇩🇪); null for anything else. */
export function flagEmoji(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  return String.fromCodePoint(...[...upper].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const sizes = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' } as const;

/** A country flag; a placeholder shows for the first 200 ms and whenever the code is unusable. */
export function CountryFlag({ code, size = 'sm' }: { code: string; size?: keyof typeof sizes }) {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), FLAG_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const emoji = flagEmoji(code);
  if (!isReady || !emoji) {
    return (
      <span
        aria-hidden="true"
        data-testid="flag-placeholder"
        className="inline-block h-3 w-4 rounded-sm bg-slate-200"
      />
    );
  }
  return (
    <span aria-hidden="true" className={`${sizes[size]} leading-none`}>
      {emoji}
    </span>
  );
}

import { Description } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * The description and error under a Headless UI field; inside a Field both are linked to the
 * control through aria-describedby.
 */
export function FieldHints({ description, error }: { description?: ReactNode; error?: string }) {
  return (
    <>
      {description ? (
        <Description className="text-xs text-slate-500">{description}</Description>
      ) : null}
      {error ? (
        <Description className="text-xs font-medium text-red-600">{error}</Description>
      ) : null}
    </>
  );
}

import { useState } from 'react';

import { cx } from '#src/utils/class-names.ts';
import { initials } from '#src/utils/format.ts';

import { useAvatarUrl } from '../hooks/use-avatar-url.ts';

const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-24 text-2xl',
} as const;

/**
 * A person's avatar, or their initials while there is none (or it cannot be loaded). Decorative:
 * the person's name is always written beside it.
 */
export function PersonAvatar({
  person,
  size = 'md',
}: {
  person: { first_name: string; last_name: string; avatar_file?: { id: string } | null };
  size?: keyof typeof SIZES;
}) {
  // Small pictures for the header and lists, the large one where it is shown large.
  const url = useAvatarUrl(
    person.avatar_file?.id,
    size === 'lg' || size === 'xl' ? 'large' : 'small',
  );
  const [failed, setFailed] = useState<string | null>(null);
  const classes = cx('flex shrink-0 items-center justify-center rounded-full', SIZES[size]);
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        aria-hidden="true"
        data-avatar="image"
        onError={() => setFailed(url)}
        className={cx(classes, 'bg-slate-100 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-avatar="initials"
      className={cx(classes, 'bg-indigo-100 font-semibold text-indigo-700')}
    >
      {initials(person)}
    </span>
  );
}

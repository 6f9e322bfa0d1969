import { initials } from '#src/utils/format.ts';

export function PersonAvatar({
  person,
  size = 'md',
}: {
  person: { first_name: string; last_name: string };
  size?: 'md' | 'lg';
}) {
  return (
    <span
      aria-hidden="true"
      className={
        size === 'lg'
          ? 'flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-semibold text-indigo-700'
          : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700'
      }
    >
      {initials(person)}
    </span>
  );
}

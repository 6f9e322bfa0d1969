import { useQuery } from '@tanstack/react-query';

import { buttonClasses } from '#src/components/button.tsx';
import { loadOnce, MountedOnUse } from '#src/components/mounted-on-use.tsx';

import { savedViewQueries, type SavedViewsMenuProps } from '../api/queries.ts';

// Headless UI's popover and the form load when the menu is first used (decision 156).
const loadPopover = loadOnce(() => import('./saved-views-popover.tsx'));

/** Saves the current filters or column layout under a name; applies, favourites and deletes them. */
export function SavedViewsMenu(props: SavedViewsMenuProps) {
  // Read with the page, as before the popover loaded on use: the list is ready when it opens, and
  // its offline copy is kept up to date on every visit.
  useQuery(savedViewQueries.list(props.kind, props.source));
  return (
    <MountedOnUse
      load={loadPopover}
      trigger={{ className: buttonClasses('secondary', 'sm'), children: props.title }}
    >
      {({ SavedViewsPopover }, buttonRef) => <SavedViewsPopover {...props} buttonRef={buttonRef} />}
    </MountedOnUse>
  );
}

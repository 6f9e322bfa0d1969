import { buttonClasses } from '../button.tsx';
import { loadOnce, MountedOnUse } from '../mounted-on-use.tsx';
import type { ColumnChooserProps } from './column-chooser-popover.tsx';

export type { ChoosableColumn, ColumnChooserProps } from './column-chooser-popover.tsx';

// Headless UI's popover and checkboxes load when the chooser is first used (decision 156).
const loadPopover = loadOnce(() => import('./column-chooser-popover.tsx'));

/** Shows or hides data columns; hidden columns are restored from here. */
export function ColumnChooser(props: ColumnChooserProps) {
  const hiddenCount = props.columns.filter((column) => !column.isVisible).length;
  const buttonLabel = `Columns${hiddenCount ? ` (${hiddenCount} hidden)` : ''}`;
  return (
    <MountedOnUse
      load={loadPopover}
      trigger={{ className: buttonClasses('secondary', 'sm'), children: buttonLabel }}
    >
      {({ ColumnChooserPopover }, buttonRef) => (
        <ColumnChooserPopover {...props} buttonLabel={buttonLabel} buttonRef={buttonRef} />
      )}
    </MountedOnUse>
  );
}

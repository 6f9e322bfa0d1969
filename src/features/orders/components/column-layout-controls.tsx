import type { SavedViewKind } from '#contract/saved-views.ts';
import { ColumnChooser } from '#src/components/data-table/column-chooser.tsx';
import { choosableColumns, type TableColumn } from '#src/components/data-table/data-table.tsx';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { type ColumnLayout, toColumnLayout, withColumn } from '#src/hooks/use-column-layout.ts';

import { orderSavedViews } from '../api/queries.ts';

/**
 * Which columns an orders table shows: the column chooser, and the saved layouts of `kind` when
 * the page gives a saved-views menu. A layout applied from the menu falls back to `defaults`.
 */
export function ColumnLayoutControls<T>({
  columns,
  layout,
  setLayout,
  SavedViewsMenu,
  kind,
  title,
  defaults,
}: {
  columns: TableColumn<T>[];
  layout: ColumnLayout;
  setLayout: (next: ColumnLayout) => void;
  SavedViewsMenu?: SavedViewsMenuSlot;
  kind: SavedViewKind;
  title: string;
  defaults?: ColumnLayout;
}) {
  return (
    <>
      <ColumnChooser
        columns={choosableColumns(columns, layout.hidden)}
        onToggle={(id, visible) => setLayout(withColumn(layout, id, visible))}
        onShowAll={() => setLayout({ hidden: [] })}
      />
      {SavedViewsMenu ? (
        <SavedViewsMenu
          key={kind}
          kind={kind}
          title={title}
          itemLabel="Layout"
          currentValue={layout}
          onApply={(value) => setLayout(toColumnLayout(value, defaults))}
          source={orderSavedViews}
        />
      ) : null}
    </>
  );
}

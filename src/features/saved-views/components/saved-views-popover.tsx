import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';

import { Button } from '#src/components/button.tsx';
import { FieldError } from '#src/components/field-hints.tsx';
import { ToolbarPopover } from '#src/components/toolbar-popover.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { isApiError } from '#src/lib/api-client.ts';
import { cx } from '#src/utils/class-names.ts';

import { useDeleteView, useSaveView, useUpdateView } from '../api/mutations.ts';
import { type SavedView, savedViewQueries, type SavedViewsMenuProps } from '../api/queries.ts';

/**
 * The saved views' popover: saves the current filters or column layout under a name; applies,
 * favourites and deletes them. Loaded on first use (`SavedViewsMenu`, decision 156).
 */
export function SavedViewsPopover({
  kind,
  title,
  itemLabel,
  currentValue,
  onApply,
  favoritesOnly = false,
  onFavoritesOnlyChange,
  source,
  buttonRef,
}: SavedViewsMenuProps & { buttonRef: (element: HTMLElement | null) => void }) {
  const views = useQuery(savedViewQueries.list(kind, source));
  const save = useSaveView(kind, itemLabel, source);
  const update = useUpdateView(kind, source);
  const remove = useDeleteView(kind, source);
  const isOnline = useOnlineStatus();
  const offlineId = `${kind}-offline`;
  const needsConnection = isOnline ? undefined : offlineId;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noun = itemLabel.toLowerCase();
  const canFilter = onFavoritesOnlyChange !== undefined;
  const onlyFavorites = canFilter && favoritesOnly;
  const shown = views.data?.filter((view) => !onlyFavorites || view.is_favorite) ?? [];
  const deleteButtonId = (view: SavedView) => `${kind}-delete-${view.id}`;

  // A deleted view's row, its delete button included, goes once the list is read again: focus
  // then moves to the next row's delete button (else the one before, else the name field)
  // instead of falling to the page.
  const focusAfterDelete = useRef<{ deletedId: SavedView['id']; nextId: string | null } | null>(
    null,
  );
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (!pending || shown.some((view) => view.id === pending.deletedId)) return;
    focusAfterDelete.current = null;
    const next = pending.nextId ? document.getElementById(pending.nextId) : null;
    (next ?? document.getElementById(`${kind}-name`))?.focus();
  });
  const deleteView = (view: SavedView) => {
    const index = shown.indexOf(view);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    focusAfterDelete.current = {
      deletedId: view.id,
      nextId: neighbour ? deleteButtonId(neighbour) : null,
    };
    remove.mutate(
      { id: view.id },
      {
        onError: () => {
          focusAfterDelete.current = null;
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('This value should not be blank.');
      return;
    }
    setError(null);
    save.mutate(
      { name: trimmed, value: currentValue },
      {
        onSuccess: () => setName(''),
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.violations[0]?.message ?? failure.message);
        },
      },
    );
  };

  return (
    <ToolbarPopover label={title} title={title} widthClass="w-80" buttonRef={buttonRef}>
      {({ close, isSheet }) => (
        <div>
          <div className="flex items-center justify-between gap-2">
            {/* A sheet has the title as its heading. The popover is no section of the page that
                holds it (the list below is named after it): its title is no heading, which would
                fit the page's outline in one place and break it in another. */}
            {isSheet ? null : (
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {title}
              </p>
            )}
            {canFilter ? (
              <label className="flex items-center gap-1.5 text-xs text-slate-600">
                <input
                  type="checkbox"
                  role="switch"
                  checked={onlyFavorites}
                  onChange={(event) => onFavoritesOnlyChange(event.target.checked)}
                  className="h-3.5 w-3.5 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                />
                Only favorites
              </label>
            ) : null}
          </div>
          {views.isPending ? (
            <p className="py-2 text-sm text-slate-500">Loading…</p>
          ) : !views.data ? (
            <p className="py-2 text-sm text-red-600">{views.error?.message}</p>
          ) : views.data.length === 0 ? (
            <p className="py-2 text-sm text-slate-500">Nothing saved yet.</p>
          ) : shown.length === 0 ? (
            <p className="py-2 text-sm text-slate-500">No favorite {noun}s yet.</p>
          ) : (
            <ul
              aria-label={title}
              className="mt-1 max-h-64 divide-y divide-slate-100 overflow-y-auto"
            >
              {shown.map((view: SavedView) => (
                <li key={view.id} className="flex items-center gap-1 py-1">
                  <button
                    type="button"
                    aria-label={`Apply ${noun} ${view.name}`}
                    onClick={() => {
                      onApply(view.value);
                      close();
                    }}
                    className="min-w-0 flex-1 truncate rounded px-1.5 py-1 text-left text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {view.name}
                  </button>
                  <button
                    type="button"
                    aria-pressed={view.is_favorite}
                    aria-label={`Favorite ${noun} ${view.name}`}
                    title={view.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
                    disabled={!isOnline}
                    aria-describedby={needsConnection}
                    onClick={() => update.mutate({ id: view.id, is_favorite: !view.is_favorite })}
                    className={cx(
                      'rounded p-1 text-base leading-none focus-visible:outline-2 focus-visible:outline-indigo-600',
                      view.is_favorite ? 'text-amber-500' : 'text-slate-300 hover:text-slate-500',
                    )}
                  >
                    <span aria-hidden="true">★</span>
                  </button>
                  <button
                    type="button"
                    id={deleteButtonId(view)}
                    aria-label={`Delete ${noun} ${view.name}`}
                    disabled={!isOnline}
                    aria-describedby={needsConnection}
                    onClick={() => deleteView(view)}
                    className="rounded p-1 text-sm text-slate-400 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="mt-3 border-t border-slate-100 pt-3">
            <label htmlFor={`${kind}-name`} className="block text-sm font-medium text-slate-800">
              {itemLabel} name
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${kind}-name`}
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${kind}-error` : undefined}
                className="block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
              />
              <Button
                type="submit"
                size="sm"
                loading={save.isPending}
                disabled={!isOnline}
                aria-describedby={needsConnection}
              >
                Save {noun}
              </Button>
            </div>
            {isOnline ? null : (
              <p id={offlineId} className="mt-1 text-xs text-amber-800">
                You are offline: applying works, but saving, starring and deleting need a
                connection.
              </p>
            )}
            <FieldError id={`${kind}-error`} error={error} className="mt-1" />
          </form>
        </div>
      )}
    </ToolbarPopover>
  );
}

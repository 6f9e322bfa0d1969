import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { CompetitorGroup } from '#contract/domains.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';

import { useCreateCompetitorGroup, useDeleteCompetitorGroup } from '../api/mutations.ts';
import { domainQueries } from '../api/queries.ts';
import { GroupFormSchema } from '../form-schemas.ts';
import type { ImportTarget, RenderImport, RenderUploadDialog } from './import-slots.ts';

export interface CompetitorsDialogProps {
  domain: { id: string; hostname: string } | null;
  open: boolean;
  onClose: () => void;
  renderImport: RenderImport;
  renderUploadDialog: RenderUploadDialog;
}

type GroupFormValues = z.infer<typeof GroupFormSchema>;

function groupTarget(group: CompetitorGroup): ImportTarget {
  return {
    kind: 'competitors',
    groupId: group.id,
    groupName: group.name,
    hostname: group.buyer_domain.hostname,
  };
}

const countFormat = new Intl.NumberFormat('en-US');

function CompetitorGroupItem({
  group,
  renderImport,
  onDelete,
}: {
  group: CompetitorGroup;
  renderImport: RenderImport;
  onDelete: () => void;
}) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold break-words text-slate-900">{group.name}</h3>
          <p className="text-xs text-slate-600">
            {group.competitors.length === 1
              ? '1 competitor'
              : `${group.competitors.length} competitors`}
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete group ${group.name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
      <div className="mt-2 text-sm">
        {renderImport({
          target: groupTarget(group),
          file: group.competitors_file,
          status: group.import_status,
        })}
      </div>
      {group.competitors.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={`Competitors in ${group.name}`}>
          {group.competitors.map((competitor) => (
            <li key={competitor.id} className="flex justify-between gap-3">
              <span className="min-w-0 break-all text-slate-800">
                {hostnameToUnicode(competitor.hostname)}
              </span>
              <span className="shrink-0 text-slate-600">
                {competitor.referring_domains === 1
                  ? '1 referring domain'
                  : `${countFormat.format(competitor.referring_domains)} referring domains`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Spec §2 competitors dialog: a domain's competitor groups, each filled by an uploaded file. */
export function CompetitorsDialog({
  domain,
  open,
  onClose,
  renderImport,
  renderUploadDialog,
}: CompetitorsDialogProps) {
  const isOnline = useOnlineStatus();
  const queryClient = useQueryClient();
  const groups = useQuery({
    ...domainQueries.groupsOf(domain?.id ?? null),
    enabled: open && !!domain,
    // The domains page already holds every group: shown at once, and offline, until this loads.
    placeholderData: () => {
      const all = queryClient.getQueryData(domainQueries.groupsOf(null).queryKey);
      if (!all || !domain) return undefined;
      const data = all.data.filter((group) => group.buyer_domain.id === domain.id);
      return { ...all, data, pagination: { ...all.pagination, total: data.length } };
    },
  });
  const create = useCreateCompetitorGroup();
  const remove = useDeleteCompetitorGroup();
  const [serverError, setServerError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CompetitorGroup | null>(null);
  const [uploadTarget, setUploadTarget] = useState<ImportTarget | null>(null);
  const form = useForm<GroupFormValues>({
    resolver: zodResolver(GroupFormSchema),
    defaultValues: { name: '' },
  });
  const field = fieldBinder(form);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    if (!domain) return;
    setServerError(null);
    try {
      const group = await create.mutateAsync({ buyer_domain: domain.id, name });
      form.reset();
      // A new group is empty: its file is the next thing to give.
      setUploadTarget(groupTarget(group));
    } catch (error) {
      setServerError(
        failureOutsideFields(error, form.setError, (path) => (path === 'name' ? 'name' : null)),
      );
    }
  });

  const list = groups.data?.data ?? [];
  const isWaitingOffline = groups.isPending && groups.fetchStatus === 'paused';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={domain ? `Competitors of ${hostnameToUnicode(domain.hostname)}` : 'Competitors'}
      description="Group your competitors and upload the domains that link to them. The catalogue's link gap shows the sites that link to them but not to you."
    >
      {isWaitingOffline ? (
        <Alert variant="info">
          You are offline. The competitor groups show here, and new ones can be created, once the
          connection returns.
        </Alert>
      ) : groups.isPending && groups.fetchStatus !== 'idle' ? (
        <LoadingState label="Loading competitor groups…" className="py-6" />
      ) : groups.isError && !groups.data ? (
        <ErrorState
          message={groups.error.message}
          onRetry={() => void groups.refetch()}
          className="py-6"
        />
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No competitor groups yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Competitor groups">
          {list.map((group) => (
            <CompetitorGroupItem
              key={group.id}
              group={group}
              renderImport={renderImport}
              onDelete={() => setToDelete(group)}
            />
          ))}
        </ul>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New competitor group"
        className="mt-4 space-y-3 border-t border-slate-100 pt-4"
      >
        {serverError ? <Alert>{serverError}</Alert> : null}
        {!isOnline && !isWaitingOffline ? (
          <Alert variant="info">
            You are offline. Groups can be created once you are back online.
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label="New group name"
            data-autofocus
            placeholder="Main rivals"
            className="flex-1"
            {...field('name')}
          />
          <Button type="submit" className="sm:mt-7" loading={create.isPending} disabled={!isOnline}>
            Create group
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={`Delete group ${toDelete?.name ?? ''}?`}
        description="Its competitors and their referring domains are removed from the catalogue's competitor marks."
        confirmLabel="Delete group"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
      {uploadTarget
        ? renderUploadDialog({
            target: uploadTarget,
            open: true,
            onClose: () => setUploadTarget(null),
          })
        : null}
    </Dialog>
  );
}

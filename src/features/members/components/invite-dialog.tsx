import { useState } from 'react';
import { useForm } from 'react-hook-form';

import {
  INVITATION_DAYS,
  type InvitationCreate,
  InvitationCreateSchema,
} from '#contract/members.ts';
import { MEMBER_ROLE_LABELS, type MemberRole } from '#contract/permissions.ts';
import { Alert } from '#src/components/alert.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { toast } from '#src/lib/toast-store.ts';

import { useCreateInvitation } from '../api/mutations.ts';
import { useServerError } from '../hooks/use-server-error.ts';
import { roleOptionsFor } from './role-dialog.tsx';

const fieldForPath = (path: string): 'email' | 'role' | null =>
  path === 'email' || path === 'role' ? path : null;

/** Invites a person by e-mail with a role; only an Owner sees Owner among the roles. */
export function InviteDialog({
  open,
  onClose,
  myRole,
}: {
  open: boolean;
  onClose: () => void;
  myRole: MemberRole | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite a member"
      description={`We e-mail them a link to join the company, valid for ${INVITATION_DAYS} days.`}
    >
      {open ? <InviteForm myRole={myRole} onClose={onClose} /> : null}
    </Dialog>
  );
}

function InviteForm({ myRole, onClose }: { myRole: MemberRole | null; onClose: () => void }) {
  const mutation = useCreateInvitation();
  // One key per form: a repeat after no answer is the same invitation.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { serverError, setServerError, clearedOnSubmit } = useServerError();
  const form = useForm<InvitationCreate>({
    resolver: zodResolver(InvitationCreateSchema),
    defaultValues: { email: '', role: 'buyer' },
  });
  const field = fieldBinder(form);
  const onSubmit = clearedOnSubmit(
    form.handleSubmit(async (body) => {
      try {
        const invitation = await mutation.mutateAsync({ body, idempotencyKey });
        toast({
          title: 'Invitation sent',
          description: `${invitation.email} was invited as ${MEMBER_ROLE_LABELS[invitation.role]}.`,
          variant: 'success',
        });
        onClose();
      } catch (error) {
        setServerError(failureOutsideFields(error, form.setError, fieldForPath));
      }
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Invite a member">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        data-autofocus
        {...field('email')}
      />
      <SelectField label="Role" options={roleOptionsFor(myRole)} {...field('role')} />
      <FormFooter
        submitLabel="Send invitation"
        pending={mutation.isPending}
        offlineNote="You are offline: sending an invitation needs a connection."
        onCancel={onClose}
      />
    </form>
  );
}

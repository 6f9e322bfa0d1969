import { useForm } from 'react-hook-form';

import type { Member } from '#contract/members.ts';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from '#contract/permissions.ts';
import { Alert } from '#src/components/alert.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { fullName } from '#src/utils/format.ts';

import { useUpdateMember } from '../api/mutations.ts';
import { useServerError } from '../hooks/use-server-error.ts';

/** The roles a member with `myRole` may give, as a role field's options: only an Owner gives Owner. */
export function roleOptionsFor(myRole: MemberRole | null): { value: MemberRole; label: string }[] {
  return MEMBER_ROLES.filter((role) => role !== 'owner' || myRole === 'owner').map((role) => ({
    value: role,
    label: MEMBER_ROLE_LABELS[role],
  }));
}

interface RoleFormValues {
  role: MemberRole;
}

const fieldForPath = (path: string): 'role' | null => (path === 'role' ? path : null);

/**
 * Changes a member's role. Choosing a role (with the arrow keys too) saves nothing; Save does.
 * The server refuses demoting the last Owner, which shows here.
 */
export function RoleDialog({
  member,
  myRole,
  onClose,
}: {
  member: Member | null;
  myRole: MemberRole | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title="Change role"
      description={
        member
          ? `What ${fullName(member.user) || member.user.email} may do in this company account.`
          : undefined
      }
    >
      {member ? (
        <RoleForm key={member.id} member={member} myRole={myRole} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function RoleForm({
  member,
  myRole,
  onClose,
}: {
  member: Member;
  myRole: MemberRole | null;
  onClose: () => void;
}) {
  const mutation = useUpdateMember();
  const { serverError, setServerError, clearedOnSubmit } = useServerError();
  const form = useForm<RoleFormValues>({ defaultValues: { role: member.role } });
  const field = fieldBinder(form);
  const onSubmit = clearedOnSubmit(
    form.handleSubmit(async ({ role }) => {
      if (role === member.role) {
        onClose();
        return;
      }
      try {
        await mutation.mutateAsync({ id: member.id, role });
        onClose();
      } catch (error) {
        setServerError(failureOutsideFields(error, form.setError, fieldForPath));
      }
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change role">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <SelectField
        label="Role"
        data-autofocus
        options={roleOptionsFor(myRole)}
        {...field('role')}
      />
      <FormFooter
        submitLabel="Save role"
        pending={mutation.isPending}
        offlineNote="You are offline: changing a role needs a connection."
        onCancel={onClose}
      />
    </form>
  );
}

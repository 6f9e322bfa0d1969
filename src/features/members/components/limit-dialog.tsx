import { useForm } from 'react-hook-form';

import type { Member } from '#contract/members.ts';
import { Alert } from '#src/components/alert.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { fullName } from '#src/utils/format.ts';

import { useUpdateMember } from '../api/mutations.ts';
import { LimitFormSchema, type LimitFormValues, limitForWire } from '../form-schemas.ts';
import { useServerError } from '../hooks/use-server-error.ts';

const fieldForPath = (path: string): 'limit' | null => (path === 'monthly_limit' ? 'limit' : null);

/** Sets or clears a Buyer's monthly limit (euro excl. VAT); empty is no limit. */
export function LimitDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title="Monthly limit"
      description={
        member
          ? `What ${fullName(member.user) || member.user.email} may order per calendar month without approval, in euro excl. VAT. Orders above it wait for an Owner or Admin.`
          : undefined
      }
    >
      {member ? <LimitForm key={member.id} member={member} onClose={onClose} /> : null}
    </Dialog>
  );
}

function LimitForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const mutation = useUpdateMember();
  const { serverError, setServerError, clearedOnSubmit } = useServerError();
  const form = useForm<LimitFormValues>({
    resolver: zodResolver(LimitFormSchema),
    defaultValues: { limit: member.monthly_limit ?? '' },
  });
  const field = fieldBinder(form);
  const onSubmit = clearedOnSubmit(
    form.handleSubmit(async ({ limit }) => {
      try {
        await mutation.mutateAsync({ id: member.id, monthly_limit: limitForWire(limit) });
        onClose();
      } catch (error) {
        setServerError(failureOutsideFields(error, form.setError, fieldForPath));
      }
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Monthly limit">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <TextField
        label="Limit (€, excl. VAT)"
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        description="Leave empty for no limit."
        {...field('limit')}
      />
      <FormFooter
        submitLabel="Save limit"
        pending={mutation.isPending}
        offlineNote="You are offline: changing a limit needs a connection."
        onCancel={onClose}
      />
    </form>
  );
}

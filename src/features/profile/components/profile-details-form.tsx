import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { BuyerProfile } from '#contract/profile.ts';
import { ProfileDetailsUpdateSchema } from '#contract/profile-settings.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { toast } from '#src/lib/toast-store.ts';
import { cx } from '#src/utils/class-names.ts';

import { useUpdateProfileDetailsMutation } from '../api/settings-mutations.ts';

type DetailsInput = z.input<typeof ProfileDetailsUpdateSchema>;
type DetailsOutput = z.output<typeof ProfileDetailsUpdateSchema>;
type DetailsField = keyof DetailsInput;
const FIELDS: readonly DetailsField[] = [
  'first_name',
  'last_name',
  'phone',
  'is_newsletter_subscribed',
];

function valuesOf(profile: BuyerProfile): DetailsInput {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? '',
    is_newsletter_subscribed: profile.is_newsletter_subscribed,
  };
}

/** The details a buyer edits themselves: name, phone and the newsletter. */
export function ProfileDetailsForm({ profile }: { profile: BuyerProfile }) {
  const mutation = useUpdateProfileDetailsMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  // The profile may be the cached copy at first and a fresher one a moment later (or after a save
  // in another tab): the form follows it, keeping whatever the buyer has already changed.
  const values = useMemo(() => valuesOf(profile), [profile]);
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(ProfileDetailsUpdateSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { handleSubmit, setError, register, reset, formState } = form;
  const field = fieldBinder(form);

  const onSubmit = handleSubmit(async (details) => {
    setServerError(null);
    try {
      const saved = await mutation.mutateAsync(details);
      reset(valuesOf(saved));
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (error) {
      setServerError(
        failureOutsideFields(error, setError, (path) =>
          FIELDS.includes(path as DetailsField) ? (path as DetailsField) : null,
        ),
      );
    }
  });

  return (
    <Card>
      <CardHeader title="Personal details" description="Your name as it appears on the portal." />
      <form
        onSubmit={(event) => {
          if (formState.isDirty) return void onSubmit(event);
          event.preventDefault();
        }}
        noValidate
        aria-label="Personal details"
        className="space-y-5 p-5"
      >
        {serverError ? <Alert>{serverError}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          description="Optional. Digits with +, spaces, dashes or brackets."
          {...field('phone')}
        />
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            {...register('is_newsletter_subscribed')}
          />
          <span>
            <span className="font-medium">Newsletter</span>
            <span className="block text-slate-500">
              News about the marketplace and new sites, about once a month.
            </span>
          </span>
        </label>
        <div className="flex justify-end">
          {/* Unchanged details have nothing to save, but the button stays focusable: disabled
              right after a save, it dropped the keyboard focus to the top of the page. */}
          <Button
            type="submit"
            loading={mutation.isPending}
            aria-disabled={!formState.isDirty || mutation.isPending || undefined}
            className={cx(!formState.isDirty && 'cursor-not-allowed opacity-60')}
          >
            Save details
          </Button>
        </div>
      </form>
    </Card>
  );
}

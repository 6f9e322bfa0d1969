import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { DEFAULT_API_BASE_URL } from '#src/config/env.ts';
import { getDeveloperSettings, saveDeveloperSettings } from '#src/lib/developer-settings.ts';
import { fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { toast } from '#src/lib/toast-store.ts';

import { SettingsSchema } from '../form-schemas.ts';

type SettingsValues = z.infer<typeof SettingsSchema>;

/** Edits where API calls go and the optional X-Origin header (spec §7); kept in this browser. */
export function DeveloperSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<SettingsValues>({
    resolver: zodResolver(SettingsSchema),
    values: getDeveloperSettings(),
  });
  const { handleSubmit, reset } = form;
  const field = fieldBinder(form);
  const cancel = () => {
    reset(getDeveloperSettings());
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    saveDeveloperSettings(values);
    // Cached answers came from the previous API; fetch everything again from the new one.
    void queryClient.invalidateQueries();
    toast({ title: 'Developer settings saved', variant: 'success' });
    onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={cancel}
      title="Developer settings"
      description="These settings apply to this browser only."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Developer settings">
        <TextField
          label="API base URL"
          placeholder={DEFAULT_API_BASE_URL}
          description={`Leave empty to use ${DEFAULT_API_BASE_URL}.`}
          autoComplete="off"
          data-autofocus
          {...field('apiBaseUrl')}
        />
        <TextField
          label="X-Origin header"
          description="Sent with every API request when set."
          autoComplete="off"
          {...field('customHeaderXOrigin')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}

import { type ImportError, ImportErrorSchema } from '#contract/domains.ts';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';

/** Reads one error string of an import status; text that is not the expected JSON is shown as is. */
export function readImportError(text: string): ImportError {
  try {
    const parsed = ImportErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the string is the message.
  }
  return { message: text, violations: [] };
}

export interface ImportErrorsDialogProps {
  open: boolean;
  onClose: () => void;
  errors: string[];
  /** What was imported, such as "referring domains of example.com". */
  subject: string;
}

/** The errors of an import: each message with its violations, which name the line and column. */
export function ImportErrorsDialog({ open, onClose, errors, subject }: ImportErrorsDialogProps) {
  const items = errors.map(readImportError);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Import errors"
      description={`What went wrong importing the ${subject}.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ul className="max-h-96 space-y-3 overflow-y-auto text-sm" aria-label="Errors">
        {items.map((item, index) => (
          <li key={index} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">{item.message}</p>
            {item.violations.length > 0 ? (
              <ul className="mt-1.5 space-y-1 text-slate-700">
                {item.violations.map((violation, at) => (
                  <li key={at}>
                    <span className="font-medium">{violation.path}</span>: {violation.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

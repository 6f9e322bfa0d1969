import { Description, Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  useForm,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';

import {
  type ContentGuidelinesBody,
  ContentGuidelinesBodySchema,
  type ContentGuidelinesInput,
  type ContentGuidelinesSettings,
  GuidelineDomainSchema,
  INTERNAL_LINKS_MAX,
  INTERNAL_LINKS_MIN,
  MAX_COMMENT_LENGTH,
  MAX_DOMAINS,
  MAX_TOPIC_LENGTH,
  MAX_TOPICS,
  TARGET_URL_IMPLEMENTATION_LABELS,
  TARGET_URL_IMPLEMENTATIONS,
  TARGET_URL_PLACEMENT_LABELS,
  TARGET_URL_PLACEMENTS,
  TopicSchema,
  TRUSTLINKS_MAX,
  TRUSTLINKS_MIN,
} from '#contract/content-guidelines.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ChipListField, type ChipReading } from '#src/components/chip-list-field.tsx';
import { FieldError } from '#src/components/field-hints.tsx';
import { RadioCard } from '#src/components/radio-card.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextAreaField } from '#src/components/text-field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { failureMessage } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { cx } from '#src/utils/class-names.ts';

type FormValues = ContentGuidelinesInput;
type FieldName = keyof FormValues;
const FIELD_NAMES = Object.keys(ContentGuidelinesBodySchema.shape) as FieldName[];

type ListName =
  | 'preferred_topics'
  | 'topics_to_avoid'
  | 'avoided_trustlink_domains'
  | 'preferred_trustlink_domains';
type CommentName = 'topic_comment' | 'target_url_comment' | 'internal_link_comment';

const IMPLEMENTATION_HINTS = {
  natural: 'The target URL sits in the text where a reader would expect it.',
  aggressive: 'The target URL is placed prominently, with a commercial anchor.',
} as const;

/** The form's values from saved (or kept) guidelines: comments as text, never null. */
export function toFormValues(settings: ContentGuidelinesSettings): FormValues {
  return {
    preferred_topics: [...settings.preferred_topics],
    topics_to_avoid: [...settings.topics_to_avoid],
    topic_comment: settings.topic_comment ?? '',
    target_url_implementation: settings.target_url_implementation,
    target_url_1_placement: settings.target_url_1_placement,
    target_url_2_placement: settings.target_url_2_placement,
    target_url_comment: settings.target_url_comment ?? '',
    trustlinks_number: settings.trustlinks_number,
    avoided_trustlink_domains: [...settings.avoided_trustlink_domains],
    preferred_trustlink_domains: [...settings.preferred_trustlink_domains],
    internal_links_number: settings.internal_links_number,
    internal_link_comment: settings.internal_link_comment ?? '',
    is_translate_anchor: settings.is_translate_anchor,
  };
}

function readWith(schema: typeof TopicSchema | typeof GuidelineDomainSchema) {
  return (text: string): ChipReading => {
    const result = schema.safeParse(text);
    return result.success
      ? { ok: true, value: result.data }
      : { ok: false, message: result.error.issues[0]?.message ?? 'Invalid value' };
  };
}
const readTopic = readWith(TopicSchema);
const readDomain = readWith(GuidelineDomainSchema);

/** The list's own error and its entries' errors, from the resolver's or the server's errors. */
function listErrors(errors: FieldErrors<FormValues>, name: ListName) {
  const error = errors[name] as
    | ({ message?: string; root?: { message?: string } } & Record<number, { message?: string }>)
    | undefined;
  const entries: Record<number, string> = {};
  if (error) {
    for (const [key, value] of Object.entries(error)) {
      if (/^\d+$/.test(key) && value && typeof value === 'object' && 'message' in value) {
        const message = (value as { message?: string }).message;
        if (message) entries[Number(key)] = message;
      }
    }
  }
  return { error: error?.message ?? error?.root?.message, entries };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <div className="space-y-5 px-5 py-4">{children}</div>
    </Card>
  );
}

function CommentField({
  control,
  name,
  label,
  error,
  disabled,
}: {
  control: Control<FormValues>;
  name: CommentName;
  label: string;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextAreaField
          label={label}
          description={`Optional, up to ${MAX_COMMENT_LENGTH} characters (${(field.value ?? '').length} used).`}
          error={error}
          name={field.name}
          ref={field.ref}
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          disabled={disabled}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A choice of a small number (1-4 trustlinks, 1-2 internal links) as a row of buttons. */
function NumberChoice({
  label,
  description,
  min,
  max,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  description: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  const options = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  return (
    <div className="space-y-1.5">
      <RadioGroup
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-describedby={error ? errorId : undefined}
        className="space-y-1.5"
      >
        <Label className="block text-sm font-medium text-slate-800">{label}</Label>
        <Description className="text-xs text-slate-500">{description}</Description>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => (
            <Radio
              key={option}
              value={option}
              aria-label={`${option}`}
              className={cx(
                'flex size-11 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-slate-300 ring-inset',
                'data-checked:bg-indigo-600 data-checked:text-white data-checked:ring-indigo-600',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-disabled:opacity-60',
              )}
            >
              {option}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export interface GuidelinesFormProps {
  initial: FormValues;
  /** Sends the values; answers whether they were kept on this device rather than sent. */
  onSave: (values: ContentGuidelinesBody) => Promise<unknown>;
  isSaving: boolean;
  /** Shown beside the save button: "Saved", "Waiting to be sent", ... */
  status?: ReactNode;
  /** The form replaces one just saved: its Save button takes the focus the old one had. */
  hasJustSaved?: boolean;
}

/** A state update that puts `label` in a set of lists' labels, or takes it out. */
function withLabel(label: string, isIn: boolean) {
  return (current: ReadonlySet<string>): ReadonlySet<string> => {
    if (current.has(label) === isIn) return current;
    const next = new Set(current);
    if (isIn) next.add(label);
    else next.delete(label);
    return next;
  };
}

/** One of the form's lists (topics or trustlink domains) with its errors, entry by entry. */
function GuidelineChipList({
  form: { control, clearErrors, formState },
  name,
  label,
  description,
  kind,
  discards,
  onPendingChange,
  onDraftChange,
}: {
  form: UseFormReturn<FormValues, unknown, ContentGuidelinesBody>;
  /** How many times the form was discarded: each draws the list's box anew, empty. */
  discards: number;
  name: ListName;
  label: string;
  description: string;
  kind: 'topic' | 'domain';
  /** The list's box holds text that could not be added (true) or no longer does. */
  onPendingChange: (isPending: boolean) => void;
  /** The list's box holds any text (true) or is empty. */
  onDraftChange: (hasText: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const { error, entries } = listErrors(formState.errors, name);
        return (
          <ChipListField
            key={discards}
            name={field.name}
            label={label}
            description={description}
            values={field.value}
            onChange={(values) => {
              // Entry errors name positions, which a change shifts: they go with it.
              clearErrors(name);
              field.onChange(values);
            }}
            onBlur={field.onBlur}
            onPendingChange={onPendingChange}
            onDraftChange={onDraftChange}
            read={kind === 'topic' ? readTopic : readDomain}
            keyOf={kind === 'topic' ? (value) => value.toLowerCase() : (value) => value}
            separator={kind === 'domain' ? /[,;]+/ : undefined}
            spaceSeparates={kind === 'domain'}
            display={kind === 'domain' ? hostnameToUnicode : undefined}
            max={kind === 'topic' ? MAX_TOPICS : MAX_DOMAINS}
            placeholder={kind === 'topic' ? 'Type a topic, then Enter' : 'example.com, then Enter'}
            error={error}
            entryErrors={entries}
          />
        );
      }}
    />
  );
}

/** How the target URL is worked in, and where each of the two target URLs goes. */
function TargetUrlChoices({
  control,
  errors,
}: {
  control: Control<FormValues>;
  errors: FieldErrors<FormValues>;
}) {
  return (
    <>
      <Controller
        control={control}
        name="target_url_implementation"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onChange={field.onChange}
            className="grid gap-2 sm:grid-cols-2"
          >
            <Label className="block text-sm font-medium text-slate-800 sm:col-span-2">
              Target URL implementation
            </Label>
            {TARGET_URL_IMPLEMENTATIONS.map((option) => (
              <Field key={option}>
                <RadioCard value={option}>
                  <Label className="font-medium text-slate-900">
                    {TARGET_URL_IMPLEMENTATION_LABELS[option]}
                  </Label>
                  <Description className="text-xs text-slate-600">
                    {IMPLEMENTATION_HINTS[option]}
                  </Description>
                </RadioCard>
              </Field>
            ))}
          </RadioGroup>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {(['target_url_1_placement', 'target_url_2_placement'] as const).map((name, index) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <SelectField
                label={`Placement of target URL ${index + 1}`}
                options={TARGET_URL_PLACEMENTS.map((value) => ({
                  value,
                  label: TARGET_URL_PLACEMENT_LABELS[value],
                }))}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                error={errors[name]?.message}
              />
            )}
          />
        ))}
      </div>
    </>
  );
}

/** Whether the writer translates the anchor text into the publishing site's language. */
function TranslateAnchorField({ control }: { control: Control<FormValues> }) {
  const translateId = useId();
  return (
    <Controller
      control={control}
      name="is_translate_anchor"
      render={({ field }) => (
        <div className="flex items-start gap-3 text-sm text-slate-800">
          <input
            id={translateId}
            aria-describedby={`${translateId}-hint`}
            type="checkbox"
            name={field.name}
            ref={field.ref}
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:outline-2 focus:outline-indigo-600"
          />
          <div>
            <label htmlFor={translateId} className="font-medium">
              Translate the anchor text
            </label>
            <p id={`${translateId}-hint`} className="text-xs text-slate-500">
              The writer translates your anchor text into the language of the publishing site.
            </p>
          </div>
        </div>
      )}
    />
  );
}

/**
 * Puts the server's refusals on the fields they name (a list's entry by its position); gives how
 * many it placed, so a refusal that names no field can be shown for the whole form.
 */
function showViolations(error: ApiError, setError: UseFormSetError<FormValues>): number {
  let applied = 0;
  for (const violation of error.violations) {
    const [, head, index] = /^([a-z_0-9]+)(?:\[(\d+)\])?/.exec(violation.path) ?? [];
    if (!head || !FIELD_NAMES.includes(head as FieldName)) continue;
    const name = (index === undefined ? head : `${head}.${index}`) as FieldName;
    setError(name, { type: 'server', message: violation.message });
    applied += 1;
  }
  return applied;
}

/** Spec §2 "Content guidelines form": every field of spec §3 with its options and limits. */
export function GuidelinesForm({
  initial,
  onSave,
  isSaving,
  status,
  hasJustSaved = false,
}: GuidelinesFormProps) {
  // A save gives the guidelines a new revision, and the page draws a new form for it: the Save
  // button that had the focus is gone, so its successor takes it rather than the page.
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (hasJustSaved && document.activeElement === document.body) saveButton.current?.focus();
  }, [hasJustSaved]);
  const [formError, setFormError] = useState<string | null>(null);
  // The lists whose box still holds text that could not be added, by their labels.
  const [pendingLists, setPendingLists] = useState<ReadonlySet<string>>(new Set());
  const [isSaveRefused, setSaveRefused] = useState(false);
  // The lists whose box holds any text, which Discard clears along with the fields' values.
  const [typedLists, setTypedLists] = useState<ReadonlySet<string>>(new Set());
  // Counts the discards: each draws the lists' boxes anew, empty.
  const [discards, setDiscards] = useState(0);
  const pendingError =
    isSaveRefused && pendingLists.size > 0
      ? `Not saved: ${[...pendingLists].map((label) => `“${label}”`).join(' and ')} still ${
          pendingLists.size === 1 ? 'holds' : 'hold'
        } text that was not added. Correct it or clear it, then save.`
      : null;
  const form = useForm<FormValues, unknown, ContentGuidelinesBody>({
    resolver: zodResolver(ContentGuidelinesBodySchema),
    defaultValues: initial,
  });
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = form;

  const submitValues = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
      reset(toFormValues(values));
    } catch (error) {
      if (!(error instanceof ApiError) || error.violations.length === 0) {
        setFormError(failureMessage(error));
        return;
      }
      if (showViolations(error, setError) === 0) setFormError(failureMessage(error));
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSaveRefused(pendingLists.size > 0);
    if (pendingLists.size > 0) {
      event.preventDefault();
      return;
    }
    return submitValues(event);
  };

  const chipList = (
    name: ListName,
    label: string,
    description: string,
    kind: 'topic' | 'domain',
  ) => (
    <GuidelineChipList
      form={form}
      discards={discards}
      name={name}
      label={label}
      description={description}
      kind={kind}
      onPendingChange={(isPending) => setPendingLists(withLabel(label, isPending))}
      onDraftChange={(hasText) => setTypedLists(withLabel(label, hasText))}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Content guidelines">
      {formError ? <Alert>{formError}</Alert> : null}
      <Section title="Topics" description="What the articles may and may not be about.">
        {chipList(
          'preferred_topics',
          'Preferred topics',
          `Up to ${MAX_TOPICS} topics of ${MAX_TOPIC_LENGTH} characters.`,
          'topic',
        )}
        {chipList(
          'topics_to_avoid',
          'Topics to avoid',
          `Up to ${MAX_TOPICS} topics of ${MAX_TOPIC_LENGTH} characters.`,
          'topic',
        )}
        <CommentField
          control={control}
          name="topic_comment"
          label="Topic comment"
          error={errors.topic_comment?.message}
        />
      </Section>

      <Section title="Target URL" description="How and where the link to your page is placed.">
        <TargetUrlChoices control={control} errors={errors} />
        <CommentField
          control={control}
          name="target_url_comment"
          label="Target URL comment"
          error={errors.target_url_comment?.message}
        />
      </Section>

      <Section
        title="Trustlinks"
        description="Links to trusted sources that make the article credible."
      >
        <Controller
          control={control}
          name="trustlinks_number"
          render={({ field }) => (
            <NumberChoice
              label="Number of trustlinks"
              description={`From ${TRUSTLINKS_MIN} to ${TRUSTLINKS_MAX}.`}
              min={TRUSTLINKS_MIN}
              max={TRUSTLINKS_MAX}
              value={field.value}
              onChange={field.onChange}
              error={errors.trustlinks_number?.message}
            />
          )}
        />
        {chipList(
          'preferred_trustlink_domains',
          'Preferred trustlink domains',
          `Up to ${MAX_DOMAINS} domains; separate several with commas.`,
          'domain',
        )}
        {chipList(
          'avoided_trustlink_domains',
          'Trustlink domains to avoid',
          `Up to ${MAX_DOMAINS} domains; separate several with commas.`,
          'domain',
        )}
      </Section>

      <Section title="Internal links" description="Links to other pages of the publishing site.">
        <Controller
          control={control}
          name="internal_links_number"
          render={({ field }) => (
            <NumberChoice
              label="Number of internal links"
              description={`From ${INTERNAL_LINKS_MIN} to ${INTERNAL_LINKS_MAX}.`}
              min={INTERNAL_LINKS_MIN}
              max={INTERNAL_LINKS_MAX}
              value={field.value}
              onChange={field.onChange}
              error={errors.internal_links_number?.message}
            />
          )}
        />
        <CommentField
          control={control}
          name="internal_link_comment"
          label="Internal link comment"
          error={errors.internal_link_comment?.message}
        />
      </Section>

      <Section title="Anchor text">
        <TranslateAnchorField control={control} />
      </Section>

      {/* Beside the Save button it refused, which is where the buyer is looking. */}
      {pendingError ? <Alert>{pendingError}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {status ? <div className="mr-auto text-sm text-slate-600">{status}</div> : null}
        <Button
          variant="secondary"
          disabled={!(isDirty || typedLists.size > 0) || isSaving}
          onClick={() => {
            reset();
            setPendingLists(new Set());
            setTypedLists(new Set());
            setSaveRefused(false);
            setDiscards((count) => count + 1);
          }}
        >
          Discard changes
        </Button>
        <Button ref={saveButton} type="submit" loading={isSaving}>
          Save guidelines
        </Button>
      </div>
    </form>
  );
}

// A buyer's content guidelines (spec §3 "Content guidelines"): what the writers of the buyer's
// articles are told. Saved with GET/PUT /api/v1/buyer/content-guidelines (decision 085), the
// custom guidelines file with PUT/DELETE /api/v1/buyer/content-guidelines/files, and frozen into
// every order item at checkout (decision 086).
import { z } from 'zod';

import { endpoint, multipart } from './endpoint.ts';
import { IdempotencyHeadersSchema } from './endpoint-schemas.ts';
import { fieldWords, listWords } from './field-messages.ts';
import { HOSTNAME_MESSAGES, MAX_HOSTNAME_INPUT_LENGTH, normaliseHostname } from './hostname.ts';
import { inCurrent } from './permissions.ts';

export const TARGET_URL_IMPLEMENTATIONS = ['natural', 'aggressive'] as const;
export type TargetUrlImplementation = (typeof TARGET_URL_IMPLEMENTATIONS)[number];
export const TARGET_URL_PLACEMENTS = ['introduction', 'body', 'conclusion', 'anywhere'] as const;
export type TargetUrlPlacement = (typeof TARGET_URL_PLACEMENTS)[number];

export const TARGET_URL_IMPLEMENTATION_LABELS: Record<TargetUrlImplementation, string> = {
  natural: 'Natural',
  aggressive: 'Aggressive',
};
export const TARGET_URL_PLACEMENT_LABELS: Record<TargetUrlPlacement, string> = {
  introduction: 'Introduction',
  body: 'Body',
  conclusion: 'Conclusion',
  anywhere: 'Anywhere',
};

/** Spec §3: the number of trustlinks runs 1-4, of internal links 1-2. */
export const TRUSTLINKS_MIN = 1;
export const TRUSTLINKS_MAX = 4;
export const INTERNAL_LINKS_MIN = 1;
export const INTERNAL_LINKS_MAX = 2;
/** The spec is silent on these; decision 085. */
export const MAX_TOPICS = 20;
export const MAX_TOPIC_LENGTH = 100;
export const MAX_DOMAINS = 50;
export const MAX_COMMENT_LENGTH = 2000;

/** The custom guidelines file's types (spec §5: .doc, .docx, .txt or .pdf), judged by content. */
export const GUIDELINES_FILE_EXTENSIONS = ['.doc', '.docx', '.txt', '.pdf'] as const;

export const UNIQUE_ITEMS_MESSAGE = 'Items array must contain unique values';
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed';
export const NEWLINES_MESSAGE = 'Newlines are not allowed';
export const BOTH_AVOIDED_AND_PREFERRED_MESSAGE = 'A domain cannot be both avoided and preferred.';
export const TRUSTLINKS_MESSAGE = `Choose from ${TRUSTLINKS_MIN} to ${TRUSTLINKS_MAX} trustlinks.`;
export const INTERNAL_LINKS_MESSAGE = `Choose from ${INTERNAL_LINKS_MIN} to ${INTERNAL_LINKS_MAX} internal links.`;
export const GUIDELINES_SAVED_MESSAGE = 'Content guidelines saved';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One topic: a single trimmed line of 1-100 characters. */
export const TopicSchema = z
  .string({ error: fieldWords('A topic', { empty: 'Write a topic first.' }) })
  .max(MAX_TOPIC_LENGTH * 4)
  .transform((value) => value.trim())
  .pipe(
    z
      .string({ error: fieldWords('A topic', { empty: 'Write a topic first.' }) })
      .min(1)
      .max(MAX_TOPIC_LENGTH)
      .refine((value) => !/[\r\n]/.test(value), NEWLINES_MESSAGE)
      .refine((value) => !CONTROL.test(value), CONTROL_CHARACTERS_MESSAGE),
  );

/** A trustlink domain, read by `normaliseHostname` (decision 054) into the catalogue's form. */
export const GuidelineDomainSchema = z
  .string()
  .max(MAX_HOSTNAME_INPUT_LENGTH, HOSTNAME_MESSAGES.too_long)
  .transform((value, ctx) => {
    const result = normaliseHostname(value);
    if (result.ok) return result.hostname;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A free-text comment; blank is no comment (null). Newlines and tabs are allowed. */
const CommentSchema = z
  .string({ error: fieldWords('A comment') })
  .max(MAX_COMMENT_LENGTH)
  .refine((value) => !CONTROL.test(value), CONTROL_CHARACTERS_MESSAGE)
  .nullable()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** A list without repeats; `key` says when two entries are the same. */
function uniqueList<T extends z.ZodType<string>>(
  item: T,
  max: number,
  noun: string,
  key = (s: string) => s,
) {
  return z
    .array(item, { error: listWords(noun) })
    .max(max)
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        const k = key(value);
        if (seen.has(k)) {
          ctx.addIssue({ code: 'custom', message: UNIQUE_ITEMS_MESSAGE, path: [index] });
        }
        seen.add(k);
      });
    });
}

const fields = {
  preferred_topics: uniqueList(TopicSchema, MAX_TOPICS, 'topics', (s) => s.toLowerCase()),
  topics_to_avoid: uniqueList(TopicSchema, MAX_TOPICS, 'topics', (s) => s.toLowerCase()),
  topic_comment: CommentSchema,
  target_url_implementation: z.enum(TARGET_URL_IMPLEMENTATIONS),
  target_url_1_placement: z.enum(TARGET_URL_PLACEMENTS),
  target_url_2_placement: z.enum(TARGET_URL_PLACEMENTS),
  target_url_comment: CommentSchema,
  trustlinks_number: z
    .number()
    .int()
    .min(TRUSTLINKS_MIN, TRUSTLINKS_MESSAGE)
    .max(TRUSTLINKS_MAX, TRUSTLINKS_MESSAGE),
  avoided_trustlink_domains: uniqueList(GuidelineDomainSchema, MAX_DOMAINS, 'domains'),
  preferred_trustlink_domains: uniqueList(GuidelineDomainSchema, MAX_DOMAINS, 'domains'),
  internal_links_number: z
    .number()
    .int()
    .min(INTERNAL_LINKS_MIN, INTERNAL_LINKS_MESSAGE)
    .max(INTERNAL_LINKS_MAX, INTERNAL_LINKS_MESSAGE),
  internal_link_comment: CommentSchema,
  is_translate_anchor: z.boolean(),
};

/**
 * PUT /api/v1/buyer/content-guidelines: every field, strict (an unknown or read-only field such
 * as the file or `updated_at` is refused). A domain both avoided and preferred is refused on the
 * preferred entry.
 */
export const ContentGuidelinesBodySchema = z.strictObject(fields).superRefine((body, ctx) => {
  const avoided = new Set(body.avoided_trustlink_domains);
  body.preferred_trustlink_domains.forEach((domain, index) => {
    if (avoided.has(domain)) {
      ctx.addIssue({
        code: 'custom',
        message: BOTH_AVOIDED_AND_PREFERRED_MESSAGE,
        path: ['preferred_trustlink_domains', index],
      });
    }
  });
});
export type ContentGuidelinesBody = z.output<typeof ContentGuidelinesBodySchema>;
export type ContentGuidelinesInput = z.input<typeof ContentGuidelinesBodySchema>;

/** The settings as stored and frozen: the body's output, every field present. */
export const ContentGuidelinesSettingsSchema = z.object({
  preferred_topics: z.array(z.string()),
  topics_to_avoid: z.array(z.string()),
  topic_comment: z.string().nullable(),
  target_url_implementation: z.enum(TARGET_URL_IMPLEMENTATIONS),
  target_url_1_placement: z.enum(TARGET_URL_PLACEMENTS),
  target_url_2_placement: z.enum(TARGET_URL_PLACEMENTS),
  target_url_comment: z.string().nullable(),
  trustlinks_number: z.number().int(),
  avoided_trustlink_domains: z.array(z.string()),
  preferred_trustlink_domains: z.array(z.string()),
  internal_links_number: z.number().int(),
  internal_link_comment: z.string().nullable(),
  is_translate_anchor: z.boolean(),
});
export type ContentGuidelinesSettings = z.infer<typeof ContentGuidelinesSettingsSchema>;

/** What a buyer who never saved guidelines sees, and what the form starts from (decision 085). */
export const DEFAULT_CONTENT_GUIDELINES: ContentGuidelinesSettings = {
  preferred_topics: [],
  topics_to_avoid: [],
  topic_comment: null,
  target_url_implementation: 'natural',
  target_url_1_placement: 'anywhere',
  target_url_2_placement: 'anywhere',
  target_url_comment: null,
  trustlinks_number: 1,
  avoided_trustlink_domains: [],
  preferred_trustlink_domains: [],
  internal_links_number: 1,
  internal_link_comment: null,
  is_translate_anchor: false,
};

export const GuidelinesFileSchema = z.object({ id: z.string(), file_name: z.string() });
export type GuidelinesFile = z.infer<typeof GuidelinesFileSchema>;

/**
 * GET /api/v1/buyer/content-guidelines. `revision` counts the saves (0: never saved, the
 * defaults); `updated_at` is null until the first save.
 */
export const ContentGuidelinesSchema = ContentGuidelinesSettingsSchema.extend({
  custom_guidelines_file: GuidelinesFileSchema.nullable(),
  revision: z.number().int().min(0),
  updated_at: z.string().nullable(),
});
export type ContentGuidelines = z.infer<typeof ContentGuidelinesSchema>;

/**
 * The guidelines an order item's writer got: the buyer's guidelines as they were when the order
 * was placed (decision 086). Later edits leave it as it is.
 */
export const FrozenContentGuidelinesSchema = ContentGuidelinesSchema;
export type FrozenContentGuidelines = ContentGuidelines;

const guidelines = { access: 'buyer', tags: ['Content guidelines'] } as const;

export const contentGuidelinesEndpoints = {
  get: endpoint({
    ...guidelines,
    method: 'GET',
    path: '/v1/buyer/content-guidelines',
    permission: inCurrent('catalogue.use'),
    summary: "The signed-in buyer's content guidelines",
    description:
      'A buyer who never saved guidelines gets the defaults with `revision` 0 and `updated_at` null.',
    status: 200,
    response: ContentGuidelinesSchema,
    errors: [401, 403],
  }),
  save: endpoint({
    ...guidelines,
    method: 'PUT',
    path: '/v1/buyer/content-guidelines',
    permission: inCurrent('catalogue.use'),
    summary: 'Saves the content guidelines (every field)',
    description: `Every field is required; unknown and read-only fields (the file, \`revision\`, \`updated_at\`) are refused. Up to ${MAX_TOPICS} topics of ${MAX_TOPIC_LENGTH} characters per list, comments up to ${MAX_COMMENT_LENGTH} characters, 1-${TRUSTLINKS_MAX} trustlinks, 1-${INTERNAL_LINKS_MAX} internal links, up to ${MAX_DOMAINS} domains per list, each normalised like a buyer domain; repeats and a domain both avoided and preferred are refused. Orders placed later freeze the saved guidelines into their items; items already ordered keep theirs. A repeat with the same Idempotency-Key answers the first answer.`,
    headers: IdempotencyHeadersSchema,
    body: ContentGuidelinesBodySchema,
    status: 200,
    response: ContentGuidelinesSchema,
    errors: [400, 401, 403, 409, 422],
  }),
  uploadFile: endpoint({
    ...guidelines,
    method: 'PUT',
    path: '/v1/buyer/content-guidelines/files',
    permission: inCurrent('catalogue.use'),
    summary: 'Uploads the custom guidelines file (multipart `file`)',
    description:
      'A .doc, .docx, .txt or .pdf document judged by its content (a renamed executable is refused with 400), at most 20 MB (413 with the size). It replaces the previous file; orders already placed keep the one they froze.',
    body: multipart(z.object({ file: z.file().describe('The document') })),
    status: 200,
    response: ContentGuidelinesSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  removeFile: endpoint({
    ...guidelines,
    method: 'DELETE',
    path: '/v1/buyer/content-guidelines/files',
    permission: inCurrent('catalogue.use'),
    summary: 'Removes the custom guidelines file',
    description: 'Orders already placed keep the file they froze.',
    status: 200,
    response: ContentGuidelinesSchema,
    errors: [401, 403],
  }),
};

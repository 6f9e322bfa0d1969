import type { ReactNode } from 'react';

import {
  type FrozenContentGuidelines,
  TARGET_URL_IMPLEMENTATION_LABELS,
  TARGET_URL_PLACEMENT_LABELS,
} from '#contract/content-guidelines.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { formatDateTimeLong } from '#src/utils/format.ts';

import { StoredFileLink } from './stored-file-link.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </div>
  );
}

const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');
const comment = (value: string | null) => value ?? '—';

/** The guidelines an item's writer got (frozen at checkout, decision 086), as a definition list. */
export function GuidelinesSummary({ guidelines }: { guidelines: FrozenContentGuidelines }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      <Row label="Preferred topics">{list(guidelines.preferred_topics)}</Row>
      <Row label="Topics to avoid">{list(guidelines.topics_to_avoid)}</Row>
      <Row label="Topic comment">{comment(guidelines.topic_comment)}</Row>
      <Row label="Target URL implementation">
        {TARGET_URL_IMPLEMENTATION_LABELS[guidelines.target_url_implementation]}
      </Row>
      <Row label="Placement of target URL 1">
        {TARGET_URL_PLACEMENT_LABELS[guidelines.target_url_1_placement]}
      </Row>
      <Row label="Placement of target URL 2">
        {TARGET_URL_PLACEMENT_LABELS[guidelines.target_url_2_placement]}
      </Row>
      <Row label="Target URL comment">{comment(guidelines.target_url_comment)}</Row>
      <Row label="Number of trustlinks">{guidelines.trustlinks_number}</Row>
      <Row label="Preferred trustlink domains">
        {list(guidelines.preferred_trustlink_domains.map(hostnameToUnicode))}
      </Row>
      <Row label="Trustlink domains to avoid">
        {list(guidelines.avoided_trustlink_domains.map(hostnameToUnicode))}
      </Row>
      <Row label="Number of internal links">{guidelines.internal_links_number}</Row>
      <Row label="Internal link comment">{comment(guidelines.internal_link_comment)}</Row>
      <Row label="Translate the anchor text">{guidelines.is_translate_anchor ? 'Yes' : 'No'}</Row>
      <Row label="Custom guidelines file">
        {guidelines.custom_guidelines_file ? (
          <StoredFileLink file={guidelines.custom_guidelines_file} />
        ) : (
          'None'
        )}
      </Row>
    </dl>
  );
}

export function ItemGuidelinesDialog({
  open,
  itemNumber,
  guidelines,
  onClose,
}: {
  open: boolean;
  itemNumber: string;
  guidelines: FrozenContentGuidelines | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Content guidelines for item ${itemNumber}`}
      description={
        guidelines?.updated_at
          ? `The writer got your guidelines as saved on ${formatDateTimeLong(guidelines.updated_at)}. Later changes do not apply to this item.`
          : undefined
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {guidelines ? (
        <GuidelinesSummary guidelines={guidelines} />
      ) : (
        <p className="text-sm text-slate-600">
          No content guidelines were saved when this item was ordered.
        </p>
      )}
    </Dialog>
  );
}

import type { ReactNode } from 'react';

/** An address written in a message: http or https up to the next space. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = ".,;:!?)]}'»";

/** The address without the punctuation after it (a loop: a pattern here would not be linear). */
function withoutTrailing(address: string): string {
  let end = address.length;
  while (end > 0 && TRAILING.includes(address[end - 1]!)) end -= 1;
  return address.slice(0, end);
}

/**
 * A message's text as written: plain text (never read as HTML), its line breaks kept, and its web
 * addresses as links opening in a new tab. Long words and addresses wrap rather than widen the page.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = withoutTrailing(match[0]);
    const at = match.index;
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <a
        key={at}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium underline underline-offset-2"
      >
        {href}
      </a>,
    );
    from = at + href.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <p className={`whitespace-pre-wrap wrap-anywhere ${className ?? ''}`}>{parts}</p>;
}

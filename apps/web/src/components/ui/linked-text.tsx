import { Fragment } from 'react';
import { cn } from '../../lib/cn';

/** http(s) addresses in a text, up to the first space or a closing bracket or quote. */
const LINK = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?]+$/;

/** The text cut into plain parts and addresses, in order. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A text someone typed, shown as text (line breaks kept, never as HTML). Web addresses in it are links that
 * open only when clicked, in a new tab that cannot reach back to this one, and tell search engines nothing.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('break-words whitespace-pre-wrap', className)}>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-sky-300 underline underline-offset-2 hover:text-sky-200"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

// `code` and [label](/path): all the markup the site's texts use.
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A text of the content tables, with its inline code and links. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [, code, label, href] = match;
    if (code !== undefined) parts.push(<code key={index}>{code}</code>);
    else if (href?.startsWith('/') && !href.startsWith('/docs'))
      parts.push(
        <Link key={index} to={href}>
          {label}
        </Link>,
      );
    else
      parts.push(
        <a key={index} href={href}>
          {label}
        </a>,
      );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

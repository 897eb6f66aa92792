import { linkify } from './linkify';

/** A message's text: line breaks kept, http(s) addresses as links that open apart from the app. */
export function LinkedText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** Runs of Cyrillic words (with the spaces and hyphens between them) in a text of another language. */
const CYRILLIC_RUN = /([\u0400-\u04FF]+(?:[\s-]+[\u0400-\u04FF]+)*)/;

/**
 * An interface text in the page's language that quotes Bulgarian words (an English hint's example "Пловдив"):
 * the quoted words marked `lang="bg"`, so a screen reader says them in Bulgarian (WCAG 3.1.2). On a Bulgarian
 * page the text as it is.
 */
export function BulgarianRuns({ text, pageLanguage }: { text: string; pageLanguage: string }) {
  if (pageLanguage === 'bg') return <>{text}</>;
  // split with a capturing group: the odd parts are the Cyrillic runs.
  return (
    <>
      {text.split(CYRILLIC_RUN).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} lang="bg">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

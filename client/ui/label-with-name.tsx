/** Where a label's text takes the name: passed to i18next as the name, then split on. */
export const NAME_SLOT = '\u2063name\u2063';

/**
 * A control's accessible name that holds a product's name (issue 29, item 12): an `aria-label` has one language,
 * and on an English page "Save to wishlist: Калъф от FineWoven" would be read all in English. The label's words
 * stay the page's, the name is marked with its own language (`lang="bg"` for the catalogue's Bulgarian-only
 * names), read by screen readers and hidden from the eye. `label` is the text asked for with `name: NAME_SLOT`.
 */
export function LabelWithName({ label, name, lang }: { label: string; name: string; lang: string | undefined }) {
  const [before = '', after = ''] = label.split(NAME_SLOT);
  return (
    <span className="visually-hidden label-with-name">
      {before}
      <span lang={lang}>{name}</span>
      {after}
    </span>
  );
}

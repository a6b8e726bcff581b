import { shownIn } from '../../schema/catalog/localized.ts';
import { Shown } from '../catalog/localized/index.ts';
import { useT } from '../i18n/use-t.tsx';

/** Words the catalogue has in Bulgarian and perhaps in English: a category's name, a footer link's title. */
export interface NamedInTwo {
  name: string;
  name_en?: string | undefined;
}

/** The name in the shopper's language, marked Bulgarian on an English page when the catalogue has no English. */
export const useMenuName = () => {
  const { language } = useT();
  return (item: NamedInTwo) => shownIn(language === 'en' ? 'en' : 'bg', item.name, item.name_en);
};

export function MenuName({ item }: { item: NamedInTwo }) {
  const { language } = useT();
  const nameOf = useMenuName();
  return <Shown shown={nameOf(item)} pageLanguage={language} />;
}

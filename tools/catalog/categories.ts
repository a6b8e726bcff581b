import type { Category } from '../../schema/catalog/category.ts';
import { ROOT_CATEGORY_ID } from '../../schema/catalog/category.ts';
import { attributeLabel } from './attributes.ts';

interface CategoryDef {
  slug: string;
  name: string;
  /** The name in English (issue 19): shown when the shopper chose English. */
  nameEn: string;
  description: string;
  children?: readonly CategoryDef[];
  /** Filter panel, attribute codes in order; inherited by subcategories that set none. */
  filters?: readonly string[];
  showHomepage?: boolean;
  showMenu?: boolean;
  active?: boolean;
}

const MAC_FILTERS = ['cvyat', 'cena', 'displey', 'disk', 'ram', 'procesor', 'klaviatura', 'touchbar', 'flag', 'model'];
const DESKTOP_FILTERS = ['cvyat', 'cena', 'displey', 'disk', 'ram', 'procesor', 'klaviatura', 'flag', 'model'];
const MOBILE_FILTERS = ['cvyat', 'cena', 'displey', 'disk', 'procesor', 'flag', 'model'];
const ACCESSORY_FILTERS = ['cvyat', 'cena', 'flag'];

/** The shop's category tree below the root (spec section 2's slugs, plus the few a real shop adds). */
export const CATEGORY_TREE: readonly CategoryDef[] = [
  {
    slug: 'laptopi',
    name: 'Лаптопи',
    nameEn: 'Laptops',
    description: 'Лаптопи MacBook Air и MacBook Pro с чипове Apple – леки, тихи и с батерия за цял ден.',
    filters: MAC_FILTERS,
    children: [
      {
        slug: 'macbook',
        name: 'MacBook',
        nameEn: 'MacBook',
        description: 'Всички модели MacBook: изберете между лекия MacBook Air и мощния MacBook Pro.',
        children: [
          {
            slug: 'macbook-air',
            name: 'MacBook Air',
            nameEn: 'MacBook Air',
            description:
              'MacBook Air 13" и 15" – най-популярният лаптоп на Apple, без вентилатор и с до 18 часа батерия.',
            showHomepage: true,
          },
          {
            slug: 'macbook-pro',
            name: 'MacBook Pro',
            nameEn: 'MacBook Pro',
            description: 'MacBook Pro 14" и 16" с чипове M4 Pro, M4 Max и M5 и дисплей Liquid Retina XDR.',
            showHomepage: true,
          },
        ],
      },
    ],
  },
  {
    slug: 'desktopi',
    name: 'Настолни компютри',
    nameEn: 'Desktop computers',
    description: 'Настолни компютри Mac и професионални монитори Apple.',
    filters: DESKTOP_FILTERS,
    children: [
      {
        slug: 'mac',
        name: 'Mac',
        nameEn: 'Mac',
        description: 'iMac, Mac mini, Mac Studio и Mac Pro – настолен Mac за всяка задача.',
        children: [
          {
            slug: 'imac',
            name: 'iMac',
            nameEn: 'iMac',
            description: 'iMac 24" с дисплей 4.5K Retina в седем цвята, с клавиатура и мишка в комплекта.',
            showHomepage: true,
          },
          {
            slug: 'imac-pro',
            name: 'iMac Pro',
            nameEn: 'iMac Pro',
            description: 'iMac Pro – работната станция всичко в едно. Моделът вече не се произвежда.',
          },
          {
            slug: 'mac-mini',
            name: 'Mac mini',
            nameEn: 'Mac mini',
            description: 'Mac mini – малък по размер, голям по възможности.',
          },
          {
            slug: 'mac-studio',
            name: 'Mac Studio',
            nameEn: 'Mac Studio',
            description: 'Mac Studio с M4 Max и M3 Ultra за видео, 3D и разработка на софтуер.',
          },
          {
            slug: 'mac-pro',
            name: 'Mac Pro',
            nameEn: 'Mac Pro',
            description: 'Mac Pro с M2 Ultra и PCIe слотове за разширение.',
          },
        ],
      },
      {
        slug: 'monitori',
        name: 'Монитори',
        nameEn: 'Displays',
        description: 'Studio Display и Pro Display XDR – дисплеите на Apple.',
        filters: ['cena', 'displey', 'flag'],
      },
    ],
  },
  {
    slug: 'tableti',
    name: 'Таблети',
    nameEn: 'Tablets',
    description: 'Таблети iPad за учене, работа и творчество.',
    filters: MOBILE_FILTERS,
    children: [
      {
        slug: 'ipad',
        name: 'iPad',
        nameEn: 'iPad',
        description: 'iPad, iPad mini, iPad Air и iPad Pro – изберете своя iPad.',
        showHomepage: true,
        children: [
          {
            slug: 'ipad-mini',
            name: 'iPad mini',
            nameEn: 'iPad mini',
            description: 'iPad mini с A17 Pro и дисплей 8,3" – цялата мощ в една ръка.',
          },
          {
            slug: 'ipad-air',
            name: 'iPad Air',
            nameEn: 'iPad Air',
            description: 'iPad Air 11" и 13" с чип M3 и поддръжка на Apple Pencil Pro.',
          },
          {
            slug: 'ipad-pro',
            name: 'iPad Pro',
            nameEn: 'iPad Pro',
            description: 'iPad Pro с Ultra Retina XDR дисплей и чип M5.',
          },
        ],
      },
    ],
  },
  {
    slug: 'telefoni',
    name: 'Телефони',
    nameEn: 'Phones',
    description: 'Смартфони iPhone – от iPhone 16e до iPhone 17 Pro Max.',
    filters: MOBILE_FILTERS,
    children: [
      {
        slug: 'iphone',
        name: 'iPhone',
        nameEn: 'iPhone',
        description: 'iPhone 17, iPhone Air и iPhone 17 Pro – с гаранция и безплатна доставка.',
        showHomepage: true,
      },
    ],
  },
  {
    slug: 'apple-watch',
    name: 'Apple Watch',
    nameEn: 'Apple Watch',
    description: 'Apple Watch Series 11, SE 3 и Ultra 3 – за здраве, спорт и връзка.',
    filters: ['cvyat', 'cena', 'razmer', 'flag', 'model'],
    showHomepage: true,
  },
  {
    slug: 'audio',
    name: 'Аудио',
    nameEn: 'Audio',
    description: 'Слушалки AirPods, колони HomePod и iPod.',
    filters: ACCESSORY_FILTERS,
    children: [
      {
        slug: 'airpods',
        name: 'AirPods',
        nameEn: 'AirPods',
        description: 'AirPods 4, AirPods Pro 3 и AirPods Max.',
        showHomepage: true,
      },
      {
        slug: 'homepod',
        name: 'HomePod',
        nameEn: 'HomePod',
        description: 'HomePod и HomePod mini – умен звук за дома.',
      },
      {
        slug: 'ipod-touch',
        name: 'iPod touch',
        nameEn: 'iPod touch',
        description: 'iPod touch – последните бройки на легендата.',
      },
    ],
  },
  {
    slug: 'apple-tv',
    name: 'Apple TV',
    nameEn: 'Apple TV',
    description: 'Apple TV 4K и аксесоари.',
    filters: ['cena', 'disk', 'flag'],
  },
  {
    slug: 'aksesoari',
    name: 'Аксесоари',
    nameEn: 'Accessories',
    description: 'Оригинални аксесоари Apple и подбрани марки за iPhone, iPad, Mac и Apple Watch.',
    filters: ACCESSORY_FILTERS,
    showHomepage: true,
    children: [
      {
        slug: 'keyboards-magic-mouse',
        name: 'Клавиатури и Magic Mouse',
        nameEn: 'Keyboards and Magic Mouse',
        description: 'Magic Keyboard, Magic Mouse, Magic Trackpad и клавиатури с кирилизация БДС.',
        filters: ['cvyat', 'cena', 'klaviatura', 'flag'],
      },
      {
        slug: 'kalafi-i-protektori',
        name: 'Калъфи и протектори',
        nameEn: 'Cases and screen protectors',
        description: 'Калъфи с MagSafe, портфейли и стъклени протектори за iPhone и AirPods.',
      },
      {
        slug: 'kaishki',
        name: 'Каишки за Apple Watch',
        nameEn: 'Apple Watch bands',
        description: 'Спортни, плетени, кожени и метални каишки.',
      },
      {
        slug: 'aksesoari-za-ipad',
        name: 'Аксесоари за iPad',
        nameEn: 'iPad accessories',
        description: 'Apple Pencil, Magic Keyboard, Smart Folio и протектори за iPad.',
      },
      {
        slug: 'kalafi-za-mac',
        name: 'Калъфи и адаптери за Mac',
        nameEn: 'Mac cases and adapters',
        description: 'Калъфи, хъбове и стойки за MacBook.',
      },
      {
        slug: 'zaryadni-i-kabeli',
        name: 'Зарядни, кабели и адаптери',
        nameEn: 'Chargers, cables and adapters',
        description: 'Захранващи адаптери, MagSafe, кабели, външни батерии и докинг станции.',
      },
      {
        slug: 'external-ssd',
        name: 'Външни SSD дискове',
        nameEn: 'External SSDs',
        description: 'Бързи външни SSD дискове с USB‑C и Thunderbolt.',
        filters: ['cvyat', 'cena', 'disk', 'flag'],
      },
      {
        slug: 'egpu-pcie',
        name: 'eGPU и PCIe разширения',
        nameEn: 'eGPU and PCIe expansion',
        description: 'Външни видеокарти, PCIe кутии и карти за Mac.',
        filters: ['cena', 'flag'],
      },
    ],
  },
  {
    slug: 'software',
    name: 'Софтуер',
    nameEn: 'Software',
    description: 'Софтуер за Mac с електронна доставка на лиценза.',
    filters: ['cena', 'flag'],
  },
  {
    slug: 'komplekti',
    name: 'Комплекти',
    nameEn: 'Bundles',
    description: 'Изгодни комплекти: Mac, iPhone или iPad заедно с подбрани аксесоари на по-ниска цена.',
    filters: ['cena', 'flag'],
  },
  {
    slug: 'outlet',
    name: 'Аутлет',
    nameEn: 'Outlet',
    description: 'Разопаковани, обновени и витринни продукти с пълна гаранция и намалени цени.',
    filters: ['cvyat', 'cena', 'displey', 'disk', 'ram', 'procesor', 'touchbar', 'flag', 'model'],
  },
  {
    slug: 'drugi',
    name: 'Други',
    nameEn: 'Other',
    description: 'AirTag, подаръчни карти и всичко останало.',
    filters: ['cvyat', 'cena', 'flag'],
  },
  {
    slug: 'cheren-petak',
    name: 'Черен петък',
    nameEn: 'Black Friday',
    description: 'Сезонна кампания; активна само по време на Черния петък.',
    filters: ['cena', 'flag'],
    active: false,
    showMenu: false,
  },
];

export const ROOT_CATEGORY_NAME = 'Всички продукти';
const ROOT_CATEGORY_NAME_EN = 'All products';

export interface CategoryIndex {
  categories: Category[];
  bySlug: Map<string, Category>;
  /** Leaf first, then its parents up to (not including) the root. */
  lineage(slug: string): Category[];
  filtersOf(slug: string): readonly string[];
}

/**
 * The tree, flat: the root row (id 2, level 1, path '1/2', as in Magento) then every category depth first. Ids are
 * fixed by the tree's order, so they do not depend on the seed.
 */
export const buildCategories = (): CategoryIndex => {
  const root: Category = {
    ...blank(),
    id: ROOT_CATEGORY_ID,
    parent_id: 1,
    name: ROOT_CATEGORY_NAME,
    name_en: ROOT_CATEGORY_NAME_EN,
    slug: 'vsichki-produkti',
    url_key: 'vsichki-produkti',
    url_path: '',
    path: `1/${ROOT_CATEGORY_ID}`,
    level: 1,
    position: 0,
    is_active: true,
    show_menu: false,
    description: 'Всички продукти на Apple Store България.',
    meta_title: 'Apple Store България',
  };
  const categories: Category[] = [root];
  const filters = new Map<string, readonly string[]>();
  const parentOf = new Map<string, string>();
  let nextId = ROOT_CATEGORY_ID + 1;

  const visit = (defs: readonly CategoryDef[], parent: Category, inherited: readonly string[], urlPath: string[]) => {
    defs.forEach((def, position) => {
      const id = nextId;
      nextId += 1;
      const own = def.filters ?? inherited;
      const path = [...urlPath, def.slug];
      const category: Category = {
        ...blank(),
        id,
        parent_id: parent.id,
        name: def.name,
        name_en: def.nameEn,
        slug: def.slug,
        url_key: def.slug,
        url_path: path.join('/'),
        path: `${parent.path}/${id}`,
        level: parent.level + 1,
        position,
        is_active: def.active ?? true,
        show_homepage: def.showHomepage ?? false,
        show_menu: def.showMenu ?? true,
        description: `<p>${def.description}</p>`,
        meta_title: `${def.name} – цени и наличност | Apple Store България`,
        meta_description: def.description,
        filters_sorting: Object.fromEntries(own.map((code, i) => [attributeLabel(code), i])),
        filters_mobile: Object.fromEntries(
          own.map((code, i) => [
            attributeLabel(code),
            { position: i, show_title: code !== 'flag', single_line: code === 'cvyat' || code === 'flag' },
          ]),
        ),
      };
      categories.push(category);
      filters.set(def.slug, own);
      if (parent.id !== ROOT_CATEGORY_ID) parentOf.set(def.slug, parent.slug);
      if (def.children) visit(def.children, category, own, path);
    });
  };
  visit(CATEGORY_TREE, root, [], []);

  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const lineageCache = new Map<string, Category[]>();
  const lineage = (slug: string): Category[] => {
    const cached = lineageCache.get(slug);
    if (cached) return cached;
    const chain: Category[] = [];
    for (let s: string | undefined = slug; s !== undefined; s = parentOf.get(s)) {
      const category = bySlug.get(s);
      if (!category) throw new Error(`unknown category ${s}`);
      chain.push(category);
    }
    lineageCache.set(slug, chain);
    return chain;
  };
  return { categories, bySlug, lineage, filtersOf: (slug) => filters.get(slug) ?? [] };
};

function blank(): Omit<Category, 'id' | 'parent_id' | 'name' | 'slug' | 'url_key' | 'url_path' | 'path' | 'level'> {
  return {
    position: 0,
    is_active: true,
    product_count: 0,
    children_count: 0,
    show_homepage: false,
    show_menu: true,
    image: '',
    description: '',
    meta_title: '',
    meta_description: '',
    filters_sorting: {},
    filters_mobile: {},
    filters_metadata: {},
  };
}

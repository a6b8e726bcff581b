import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Banner, BlogPost, CmsBlock, CmsPage } from '../../schema/catalog/content.ts';
import { categorySlug } from '../../schema/catalog/slug.ts';
import { CMS_PAGES, pageHtml, SHOP } from './cms-pages.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;

export const buildCmsPages = (): CmsPage[] =>
  CMS_PAGES.map((page, i) => ({
    id: i + 1,
    identifier: page.slug,
    slug: page.slug,
    title: page.title,
    content_heading: page.title,
    content: pageHtml(page),
    meta_title: `${page.title} | Apple Store България`,
    meta_description: (typeof page.blocks[0] === 'string' ? page.blocks[0] : page.title).slice(0, 160),
    active: true,
  }));

const link = (slug: string) => {
  const page = CMS_PAGES.find((p) => p.slug === slug);
  return `<li><a href="/${slug}">${page?.title ?? slug}</a></li>`;
};

export const buildCmsBlocks = (): CmsBlock[] => [
  {
    id: 1,
    identifier: 'footer-links',
    title: 'Долен колонтитул: връзки',
    content: [
      '<div class="footer-column"><h4>Информация</h4><ul>',
      ['about-us', 'stores', 'careers', 'press', 'contacts-info'].map(link).join(''),
      '</ul></div><div class="footer-column"><h4>Помощ</h4><ul>',
      ['how-to-order', 'delivery', 'payment-methods', 'returns', 'guarantee', 'faq'].map(link).join(''),
      '</ul></div><div class="footer-column"><h4>Услуги</h4><ul>',
      ['credit-terms', 'leasing', 'trade-in', 'service', 'applecare', 'corporate-clients'].map(link).join(''),
      '</ul></div><div class="footer-column"><h4>Правна информация</h4><ul>',
      ['terms-of-use', 'privacy-policy', 'cookie-policy', 'consumer-rights', 'online-dispute-resolution']
        .map(link)
        .join(''),
      '</ul></div>',
    ].join(''),
    active: true,
  },
  {
    id: 2,
    identifier: 'footer-contacts',
    title: 'Долен колонтитул: контакти',
    content: `<p>${SHOP.company}<br>${SHOP.address}<br>Телефон: ${SHOP.phone}<br>Имейл: ${SHOP.email}<br>${SHOP.hours}</p>`,
    active: true,
  },
  {
    id: 3,
    identifier: 'footer-copyright',
    title: 'Долен колонтитул: авторски права',
    content: `<p>© ${SHOP.company}. Apple, логото на Apple, Mac, iPhone и iPad са търговски марки на Apple Inc.</p>`,
    active: true,
  },
  {
    id: 4,
    identifier: 'home-benefits',
    title: 'Предимства (начална страница)',
    content:
      '<ul><li>Безплатна доставка над 100 лв.</li><li>24 месеца гаранция</li><li>Покупка на изплащане</li><li>14 дни за връщане</li></ul>',
    active: true,
  },
  {
    id: 5,
    identifier: 'product-delivery-info',
    title: 'Доставка (страница на продукт)',
    content: '<p>Поръчайте до 15:00 ч. и продуктът ще бъде изпратен днес. Безплатна доставка до офис над 100 лв.</p>',
    active: true,
  },
  {
    id: 6,
    identifier: 'credit-info',
    title: 'Кредит (страница на продукт)',
    content: '<p>Купете на изплащане от 3 до 36 месеца. Изчислете вноската с кредитния калкулатор.</p>',
    active: true,
  },
  {
    id: 7,
    identifier: 'newsletter-offer',
    title: 'Абонамент за бюлетин',
    content: '<p>Абонирайте се за бюлетина ни и получете 10 % отстъпка за следващата си поръчка.</p>',
    active: true,
  },
];

/** A banner: its picture's category, title, subtitle, link, and the title and subtitle in English (issue 19). */
type BannerDef = readonly [string, string, string, string, string, string];

/**
 * The product a slide names, by its title: the 'iPhone 17 Pro' slide shows an iPhone 17 Pro, not the category's
 * first phone (a Pro Max).
 */
const PICTURED: Readonly<Record<string, string>> = {
  'iPhone 17 Pro': 'iPhone 17 Pro',
  'MacBook Air с M4': 'MacBook Air 13" M4',
  'iPad Pro с M5': 'iPad Pro 11" M5',
  'Apple Watch Series 11': 'Apple Watch Series 11',
};

/**
 * Banners: the home slider and promo banners; images are the featured products' generated pictures, a slide's
 * the product it names (`featured` is given that product's name).
 */
export const buildBanners = (
  featured: (categorySlug: string, name?: string) => CatalogProduct | undefined,
): Banner[] => {
  const image = (slug: string, name?: string) => featured(slug, name)?.image ?? '';
  // [category of the picture, title, subtitle, link, English title, English subtitle]
  const slider: BannerDef[] = [
    [
      'iphone',
      'iPhone 17 Pro',
      'Титаниево. Мощно. Професионално. Вече в наличност.',
      '/iphone',
      'iPhone 17 Pro',
      'Titanium. Powerful. Pro. In stock now.',
    ],
    [
      'macbook-air',
      'MacBook Air с M4',
      'Лек като перце. Бърз като мисъл. От 2 199 лв.',
      '/macbook-air',
      'MacBook Air with M4',
      'Light as a feather. Quick as thought. From BGN 2,199.',
    ],
    [
      'komplekti',
      'Изгодни комплекти',
      'Mac, iPhone и iPad с аксесоари на по-ниска цена.',
      '/komplekti',
      'Bundles that save',
      'Mac, iPhone and iPad with accessories for less.',
    ],
    [
      'ipad-pro',
      'iPad Pro с M5',
      'Предварителни поръчки с доставка от първата партида.',
      '/pre-orders-apple',
      'iPad Pro with M5',
      'Pre-order now for delivery from the first batch.',
    ],
    [
      'apple-watch',
      'Apple Watch Series 11',
      'Вашият личен треньор. Нови цветове и каишки.',
      '/apple-watch',
      'Apple Watch Series 11',
      'Your personal trainer. New colours and bands.',
    ],
  ];
  const promo: BannerDef[] = [
    [
      'outlet',
      'Аутлет',
      'Разопаковани и обновени продукти с до 20 % отстъпка.',
      '/outlet',
      'Outlet',
      'Open-box and refurbished products at up to 20% off.',
    ],
    [
      'aksesoari',
      'Промоции на аксесоари',
      'Калъфи, зарядни и каишки на специални цени.',
      '/promo-apple-products',
      'Accessories on sale',
      'Cases, chargers and bands at special prices.',
    ],
    [
      'macbook-pro',
      'Trade In',
      'Върнете стария си Mac и вземете нов с отстъпка.',
      '/trade-in',
      'Trade In',
      'Bring in your old Mac and take a new one for less.',
    ],
    [
      'software',
      'Софтуер за Mac',
      'Final Cut Pro, Logic Pro и Microsoft 365 с електронна доставка.',
      '/software',
      'Software for Mac',
      'Final Cut Pro, Logic Pro and Microsoft 365, delivered electronically.',
    ],
    [
      'iphone',
      'Ново от Apple',
      'Всички нови продукти на едно място.',
      '/new-apple-products',
      'New from Apple',
      'All the new products in one place.',
    ],
    [
      'airpods',
      'Специални оферти',
      'Оферти с ограничено количество.',
      '/special-offers',
      'Special offers',
      'Offers in limited quantities.',
    ],
  ];
  return [
    ...slider.map(([slug, title, subtitle, href, titleEn, subtitleEn], i) => ({
      id: i + 1,
      image: image(slug, PICTURED[title]),
      title,
      subtitle,
      title_en: titleEn,
      subtitle_en: subtitleEn,
      link: href,
      placement: 'slider' as const,
      position: i,
    })),
    ...promo.map(([slug, title, subtitle, href, titleEn, subtitleEn], i) => ({
      id: slider.length + i + 1,
      image: image(slug),
      title,
      subtitle,
      title_en: titleEn,
      subtitle_en: subtitleEn,
      link: href,
      placement: 'promo' as const,
      position: i,
    })),
  ];
};

const POSTS: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'Как да изберем MacBook през 2025 г.',
    'Air или Pro, 13 или 16 инча, колко памет – отговаряме на най-честите въпроси.',
    ['mac', 'saveti'],
  ],
  [
    'iPhone 17 Pro срещу iPhone Air: кой да изберете?',
    'Сравняваме камерите, батерията и дисплеите на двата модела.',
    ['iphone', 'sravnenie'],
  ],
  [
    'Пет скрити функции на macOS, които ще ви спестят време',
    'Бързи действия, Spotlight и още трикове за продуктивност.',
    ['mac', 'saveti'],
  ],
  [
    'Apple Watch за бягане: нашият пълен тест',
    'Три седмици, 200 километра и един Apple Watch Ultra 3.',
    ['apple-watch', 'revyu'],
  ],
  ['iPad Pro с M5: първи впечатления', 'Най-тънкият iPad досега е и най-бързият.', ['ipad', 'revyu', 'novini']],
  [
    'Как да прехвърлим данните от Android на iPhone',
    'Стъпка по стъпка с приложението „Премести в iOS“.',
    ['iphone', 'saveti'],
  ],
  [
    'Mac mini като домашен сървър',
    'Медиен център, резервни копия и умен дом с един малък компютър.',
    ['mac', 'saveti'],
  ],
  ['Кой Apple Pencil е за моя iPad?', 'Таблица на съвместимостта и разлики между моделите.', ['ipad', 'saveti']],
  [
    'Новите AirPods Pro 3: шумопотискане на ново ниво',
    'Тестваме ги в метрото, в самолета и в офиса.',
    ['airpods', 'revyu'],
  ],
  ['Пазаруване на изплащане: какво да знаете', 'ГПР, срокове и документи – кратко ръководство.', ['magazin', 'saveti']],
  ['Как да удължим живота на батерията на iPhone', 'Оптимизирано зареждане, настройки и навици.', ['iphone', 'saveti']],
  ['Apple Intelligence вече и на български?', 'Какво може и какво предстои.', ['novini', 'mac', 'iphone']],
  [
    'Studio Display или LG UltraFine: кой монитор за Mac?',
    'Сравнение на образа, камерата и звука.',
    ['mac', 'sravnenie'],
  ],
  [
    'Пет аксесоара, които всеки собственик на MacBook трябва да има',
    'Хъб, калъф, стойка, външен диск и добра мишка.',
    ['mac', 'aksesoari'],
  ],
  ['Как работи Trade In в нашия магазин', 'Оценка, отстъпка и рециклиране – всичко за 15 минути.', ['magazin']],
  [
    'Външни SSD дискове за видео монтаж',
    'Тестваме скоростта на пет популярни модела.',
    ['mac', 'aksesoari', 'sravnenie'],
  ],
  ['Семейно споделяне: един абонамент за цялото семейство', 'Как да настроите Apple One и покупките.', ['saveti']],
  ['Какво е eGPU и има ли смисъл за Mac с Apple чип?', 'Къде външните видеокарти още помагат.', ['mac', 'aksesoari']],
  ['Apple Watch SE 3 или Series 11?', 'Функциите, които оправдават разликата в цената.', ['apple-watch', 'sravnenie']],
  [
    'Черен петък: как да не изпуснете най-добрите оферти',
    'Абонирайте се за бюлетина и следете промоциите.',
    ['magazin', 'promocii'],
  ],
  ['HomePod mini в умния дом', 'Matter, Thread и автоматизации с приложението Home.', ['homepod', 'saveti']],
  [
    'Как да защитим iPhone с правилния калъф',
    'Силикон, кожа или удароустойчив – плюсове и минуси.',
    ['iphone', 'aksesoari'],
  ],
  [
    'Final Cut Pro на iPad и на Mac: разлики',
    'Кога таблетът е достатъчен и кога ви трябва Mac.',
    ['ipad', 'mac', 'softuer'],
  ],
  [
    'Mac за програмисти: колко памет е достатъчно?',
    'Xcode, Docker и виртуални машини под натоварване.',
    ['mac', 'saveti'],
  ],
  ['Обновени продукти на Apple: струват ли си?', 'Какво получавате и колко спестявате.', ['outlet', 'saveti']],
  ['Как да настроим нов Mac за 15 минути', 'Apple ID, iCloud, Time Machine и основни настройки.', ['mac', 'saveti']],
  [
    'iPhone 16e: най-достъпният iPhone с Apple Intelligence',
    'Какво е запазено и от какво се отказва.',
    ['iphone', 'revyu'],
  ],
  ['Идеи за подаръци от Apple под 200 лв.', 'AirTag, каишки, HomePod mini и още.', ['promocii', 'aksesoari']],
  ['Работа от вкъщи с iPad и Magic Keyboard', 'Може ли таблетът да замени лаптопа?', ['ipad', 'saveti']],
  ['Нашият сервиз: как ремонтираме вашия Mac', 'Зад кулисите на сервиза ни.', ['magazin', 'mac']],
];

const BODY: Readonly<Record<string, string>> = {
  mac: 'Всички модели Mac в нашия магазин се предлагат с клавиатура по БДС или с английска подредба, а консултантите ни ще ви помогнат да изберете паметта и диска според задачите ви.',
  iphone:
    'iPhone се предлага в няколко цвята и капацитета; проверете наличността в категорията и се възползвайте от предварителните поръчки за новите модели.',
  ipad: 'iPad работи с Apple Pencil и Magic Keyboard – вижте комплектите ни, за да спестите от аксесоарите.',
  'apple-watch': 'Каишките са взаимозаменяеми в рамките на съвместимите размери; вижте ръководството за размерите.',
  airpods: 'AirPods се сдвояват автоматично с всички ваши устройства с един и същ Apple ID.',
  homepod: 'HomePod и HomePod mini работят като център на умния дом.',
  saveti: 'Имате въпрос? Пишете ни или ни посетете в магазина – с удоволствие ще помогнем.',
  revyu: 'Тестовете правим с устройства от нашия склад, в реални условия, без рекламни договорки.',
  sravnenie: 'Сравнението на характеристиките можете да направите и сами с функцията „Сравни“ в магазина.',
  novini: 'Абонирайте се за бюлетина ни, за да научавате първи за новите продукти.',
  magazin: `Ще се радваме да ви посрещнем в магазина ни на адрес ${SHOP.address}.`,
  aksesoari: 'Всички аксесоари са подбрани и тествани с актуалните модели на Apple.',
  promocii: 'Промоциите важат до изчерпване на количествата; следете страницата с промоции.',
  outlet: 'Аутлет продуктите имат гаранция от 12 месеца и са проверени от сервиза ни.',
  softuer: 'Софтуерът се доставя електронно, с лицензен ключ и фактура.',
};

/** Blog posts with tags (the category page shows the latest 6 by tag). */
export const buildBlogPosts = (
  random: Random,
  day: number,
  featured: (categorySlug: string) => CatalogProduct | undefined,
): BlogPost[] =>
  POSTS.map(([title, excerpt, tags], i) => {
    const image = featured(tags[0] === 'saveti' || tags[0] === 'magazin' ? 'aksesoari' : tags[0]!)?.image ?? '';
    const paragraphs = [excerpt, ...tags.map((tag) => BODY[tag]).filter((p): p is string => p !== undefined)];
    return {
      id: i + 1,
      slug: categorySlug(title),
      title,
      excerpt,
      content: paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
      image,
      tags: [...tags],
      published_at: new Date(day - (i * 9 + random.int(0, 6)) * DAY_MS + random.int(8, 18) * 3_600_000).toISOString(),
    };
  });

import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Review } from '../../schema/catalog/content.ts';
import type { Random } from './random.ts';

const NICKNAMES = [
  'Иван П.',
  'Мария Георгиева',
  'Георги',
  'Десислава К.',
  'Николай',
  'Елена Димитрова',
  'Петър С.',
  'Стефан',
  'Радослава',
  'Христо Т.',
  'Виктория',
  'Александър Н.',
  'Калина',
  'Димитър Иванов',
  'Теодора',
  'Борислав',
  'Цветелина М.',
  'Мартин',
  'Гергана',
  'Любомир К.',
  'Антония',
  'Васил',
  'Ивелина',
  'Кристиан',
  'Симона П.',
];

const BY_RATING: Readonly<Record<number, readonly (readonly [string, string])[]>> = {
  5: [
    ['Отличен избор', 'Много съм доволен от {name}. Работи безупречно, а доставката беше на следващия ден.'],
    [
      'Препоръчвам!',
      'Ползвам {name} от няколко седмици – бърз, красив и качествен. Обслужването в магазина е на ниво.',
    ],
    ['Страхотен продукт', 'Оригинален продукт с гаранция, точно както е описан. Ще пазарувам отново.'],
    ['Заслужава си всеки лев', 'Изключително качество. Консултантът ми помогна да избера правилната конфигурация.'],
  ],
  4: [
    ['Много добър', '{name} е много добър, само цената можеше да е малко по-ниска.'],
    ['Доволен съм', 'Всичко е наред, доставката отне два дни вместо един, но продуктът е отличен.'],
    ['Добро качество', 'Качествен продукт. Бих искал повече цветове, иначе нямам забележки.'],
  ],
  3: [
    ['Става', 'Очаквах малко повече от {name}, но за тази цена е приемлив.'],
    ['Среден', 'Върши работа, но има и по-добри варианти. Опаковката пристигна леко смачкана.'],
  ],
  2: [['Разочарован съм', 'Батерията не издържа колкото очаквах. Свързах се с поддръжката и чакам отговор.']],
  1: [['Не съм доволен', 'Продуктът пристигна с дефект и трябваше да го върна. Замяната отне повече от седмица.']],
};

const RATING_WEIGHTS = [3, 4, 10, 30, 53];
const DAY_MS = 86_400_000;

/**
 * Reviews for about a quarter of the sellable products, 1 to 4 each. Most are approved (review_status 1); about one
 * in ten waits for moderation (2) and one in twenty was rejected (3). The first three cover all three states.
 */
export const generateReviews = (
  products: readonly CatalogProduct[],
  isSellable: (p: CatalogProduct) => boolean,
  random: Random,
  day: number,
): Review[] => {
  const reviews: Review[] = [];
  for (const product of products) {
    if (!isSellable(product) || !random.chance(0.25)) continue;
    const count = 1 + random.weighted([50, 30, 15, 5]);
    for (let i = 0; i < count; i += 1) {
      const id = reviews.length + 1;
      const rating = 1 + random.weighted(RATING_WEIGHTS);
      const [title, detail] = random.pick(BY_RATING[rating]!);
      const review_status = id <= 3 ? id : 1 + random.weighted([85, 10, 5]);
      reviews.push({
        id,
        product_id: product.id,
        title,
        detail: detail.replace('{name}', product.name),
        nickname: random.pick(NICKNAMES),
        rating,
        review_status,
        created_at: new Date(day - random.int(1, 400) * DAY_MS + random.int(0, 86_399) * 1000).toISOString(),
      });
    }
  }
  return reviews;
};

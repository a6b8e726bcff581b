import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { BlogPost } from '../../../schema/catalog/content.ts';
import { ProductImage } from '../../ui/product-image.tsx';
import { categoryPath } from '../../../schema/routing/route-paths.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import type { HomeCategory } from './home-data.ts';
import { HomeProductTile, type HomeAdd } from './home-product-tile.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { categoryName } from '../../../schema/catalog/localized.ts';
import { Shown } from '../localized/index.ts';
import { blogDate } from './blog-date.ts';
import { userTextLang } from '../../ui/user-text-lang.ts';
import './home.css';

/** A titled home section: a landmark named by its heading. */
export function HomeSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="home-section" aria-labelledby={headingId} data-testid={testId}>
      <h2 className="home-section__title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function HomeProducts({
  title,
  testId,
  products,
  add,
}: {
  title: string;
  testId: string;
  products: readonly CatalogProduct[];
  add: HomeAdd;
}) {
  if (products.length === 0) return null;
  return (
    <HomeSection title={title} testId={testId}>
      <ul className="grid home-products">
        {products.map((product) => (
          <HomeProductTile key={product.sku} product={product} section={testId} add={add} />
        ))}
      </ul>
    </HomeSection>
  );
}

export function HomeCategories({ categories }: { categories: readonly HomeCategory[] }) {
  const { t, language } = useT();
  if (categories.length === 0) return null;
  return (
    <HomeSection title={t('home.categories')} testId="home-categories">
      <ul className="home-categories">
        {categories.map((category) => (
          <li key={category.id}>
            <SpaLink href={categoryPath(category.slug)} className="home-categories__link">
              {category.image && (
                <ProductImage src={category.image} alt="" width={96} height={96} className="home-categories__image" />
              )}
              <span>
                <Shown shown={categoryName(category, language)} pageLanguage={language} />
              </span>
            </SpaLink>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export function HomeBlogPosts({ posts }: { posts: readonly BlogPost[] }) {
  const { t, i18n } = useTranslation();
  if (posts.length === 0) return null;
  const dateOf = (text: string): string => blogDate(text, i18n.language === 'en' ? 'en' : 'bg');
  return (
    <HomeSection title={t('home.blog')} testId="home-blog">
      <ul className="home-blog">
        {posts.map((post) => (
          <li key={post.id} className="home-blog__post" data-testid="home-blog-post">
            <article lang={userTextLang(`${post.title} ${post.excerpt}`, i18n.language)}>
              <h3 className="home-blog__title">{post.title}</h3>
              {dateOf(post.published_at) && (
                <p className="home-blog__date">
                  <time dateTime={post.published_at}>{dateOf(post.published_at)}</time>
                </p>
              )}
              {post.excerpt && post.excerpt !== post.title && <p className="home-blog__excerpt">{post.excerpt}</p>}
            </article>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

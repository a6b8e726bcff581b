import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsPage } from '../../../schema/catalog/content.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { SpaLink } from '../listing/spa-link.tsx';
import { htmlToParagraphs } from './html-text.ts';
import { sanitizeCmsHtml } from './sanitize-cms-html.ts';
import { useMetaDescription } from './use-meta-description.ts';

/**
 * A static content page at /{slug} (spec section 2: "about 40 static pages at /{slug}"). The shop's HTML is
 * rendered after DOMPurify has kept only its text structure and links (see `sanitizeCmsHtml`); the meta
 * description is its first paragraph of text.
 */
export function CmsPageView({ page }: { page: CmsPage }) {
  const { t } = useTranslation();
  const heading = page.content_heading || page.title;
  useDocumentTitle(page.meta_title || page.title);
  const body = useMemo(() => sanitizeCmsHtml(page.content), [page.content]);
  const description = useMemo(
    () => page.meta_description || htmlToParagraphs(page.content)[0]?.slice(0, 160),
    [page.meta_description, page.content],
  );
  useMetaDescription(description);
  return (
    <div className="page content-page" data-testid="cms-page" data-slug={page.slug}>
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {heading}
      </h1>
      {/* Sanitised above: the only HTML this store renders from data. */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: body }} />
    </div>
  );
}

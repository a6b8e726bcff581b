import { useEffect, useMemo, useState } from 'react';
import type { CmsPage } from '../../../schema/catalog/content.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { htmlParagraphs } from '../../../schema/catalog/rules/html-text.ts';
import { useMetaDescription } from '../seo/index.ts';
import { useT } from '../../i18n/use-t.tsx';
import { importWhenReachable } from '../../lib/import-when-reachable.ts';
import { userTextLang } from '../../ui/user-text-lang.ts';
import './cms-page.css';

/**
 * The page's HTML once sanitised. DOMPurify is loaded with the first content page rather than with every page:
 * it is a fifth of the first page's JavaScript budget, and most visits never open a content page.
 */
function useSanitizedHtml(html: string): string | undefined {
  const [sanitized, setSanitized] = useState<{ html: string; body: string }>();
  useEffect(() => {
    let live = true;
    void importWhenReachable(() => import('./sanitize-cms-html.ts')).then(({ sanitizeCmsHtml }) => {
      if (live) setSanitized({ html, body: sanitizeCmsHtml(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return sanitized?.html === html ? sanitized.body : undefined;
}

/**
 * A static content page at /{slug} (spec section 2: "about 40 static pages at /{slug}"). The shop's HTML is
 * rendered after DOMPurify has kept only its text structure and links (see `sanitizeCmsHtml`); the meta
 * description is its first paragraph of text.
 */
export function CmsPageView({ page }: { page: CmsPage }) {
  const { t, language } = useT();
  // A content page's words exist only in Bulgarian: marked so on an English page (issue 29, item 12).
  const lang = userTextLang(`${page.title} ${page.content_heading ?? ''} ${page.content}`, language);
  const heading = page.content_heading || page.title;
  useDocumentTitle(page.meta_title || page.title);
  const body = useSanitizedHtml(page.content);
  const description = useMemo(
    () => page.meta_description || htmlParagraphs(page.content)[0]?.slice(0, 160),
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
          <li aria-current="page" lang={lang}>
            {page.title}
          </li>
        </ol>
      </nav>
      <h1 className="page__title" tabIndex={-1} data-page-heading lang={lang}>
        {heading}
      </h1>
      {/* Sanitised above: the only HTML this store renders from data. */}
      {body === undefined ? (
        <div className="content-page__body" aria-busy="true" />
      ) : (
        <div className="content-page__body" lang={lang} dangerouslySetInnerHTML={{ __html: body }} />
      )}
    </div>
  );
}

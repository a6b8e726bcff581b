import { useId, useState } from 'react';
import { preload } from 'react-dom';
import { ProductImage } from '../../ui/product-image.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import type { HomeSlide } from './home-data.ts';
import { useT } from '../../i18n/use-t.tsx';
import { shownIn } from '../../../schema/catalog/localized.ts';
import { langOf } from '../localized/index.ts';
import './home.css';

/** Same-site paths navigate inside the app; anything else is a plain link. */
const isAppPath = (link: string): boolean => link.startsWith('/') && !link.startsWith('//');

/**
 * The home slider (WAI-ARIA carousel pattern): one slide at a time, previous and next buttons, no autoplay (so
 * no pause control is needed); the current slide is announced politely when the shopper moves.
 */
export function HomeSlider({ slides }: { slides: readonly HomeSlide[] }) {
  const { t, language } = useT();
  const [current, setCurrent] = useState(0);
  const headingId = useId();
  const index = Math.min(current, slides.length - 1);
  const slide = slides[index];
  if (!slide) return null;
  // The first slide's picture is the home page's largest paint: fetched ahead of the product tiles' pictures.
  if (slide.image) preload(slide.image, { as: 'image', fetchPriority: 'high' });
  const move = (step: number) => setCurrent((index + step + slides.length) % slides.length);
  const title = shownIn(language, slide.title, slide.title_en);
  const subtitle = shownIn(language, slide.subtitle, slide.subtitle_en);
  const caption = (
    <span className="home-slider__caption">
      <span className="home-slider__title" aria-hidden="true" lang={langOf(title, language)}>
        {title.text}
      </span>
      {subtitle.text && (
        <span className="home-slider__subtitle" lang={langOf(subtitle, language)}>
          {subtitle.text}
        </span>
      )}
      {/* The call to action: the slide is one link, this is its visible invitation (no link inside a link). */}
      <span className="btn btn--primary btn--sm home-slider__cta" data-testid="home-slide-cta">
        {t('home.slider.cta')}
      </span>
    </span>
  );
  const image = (
    <ProductImage src={slide.image} alt={title.text} width={310} height={300} eager className="home-slider__image" />
  );
  return (
    <section
      className="home-section home-slider"
      aria-roledescription={t('home.slider.roledescription')}
      aria-labelledby={headingId}
      data-testid="home-slider"
    >
      <h2 id={headingId} className="visually-hidden">
        {t('home.slider.heading')}
      </h2>
      <div className="home-slider__viewport" aria-live="polite">
        <div
          role="group"
          aria-roledescription={t('home.slider.slide')}
          aria-label={t('home.slider.position', { index: index + 1, count: slides.length })}
          className="home-slider__slide"
          data-testid="home-slide"
        >
          {isAppPath(slide.link) ? (
            <SpaLink href={slide.link} className="home-slider__link">
              {image}
              {caption}
            </SpaLink>
          ) : (
            <a href={slide.link} className="home-slider__link">
              {image}
              {caption}
            </a>
          )}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="home-slider__controls">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => move(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('home.slider.previous')}
          </button>
          <span className="home-slider__count" aria-hidden="true">
            {index + 1} / {slides.length}
          </span>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => move(1)}>
            {t('home.slider.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </section>
  );
}

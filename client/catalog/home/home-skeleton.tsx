import { HOME_PRODUCTS } from './home-data.ts';
import './home.css';

/**
 * The slider's and the top products' places, held while GET /api/catalog/init is on its way: inserting them
 * later pushed the page down (layout shift 0.6 on a phone). Hidden from assistive technology. Same boxes as
 * the real sections (slide picture, caption, controls; the top products' row of tiles), no content. The
 * slider's place is not held when the page already knows the slides (home-page.tsx).
 */
export function HomeSkeleton({ slider }: { slider: boolean }) {
  return (
    <div aria-hidden="true" data-testid="home-skeleton">
      {slider && (
        <div className="home-section home-slider">
          <div className="home-slider__link home-skeleton__slide">
            <span className="product-image product-image--placeholder home-slider__image" />
            <span className="home-slider__caption" />
          </div>
          <div className="home-slider__controls home-skeleton__controls" />
        </div>
      )}
      <div className="home-section">
        <p className="home-section__title home-skeleton__title" />
        <ul className="grid home-products">
          {Array.from({ length: HOME_PRODUCTS }, (_, i) => (
            <li key={i} className="tile tile--skeleton home-skeleton__tile" />
          ))}
        </ul>
      </div>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { firstViewFor, withFirstView } from '../../../sync-server/http/first-view.ts';

const SHELL =
  '<html><head><title>t</title></head><body><div id="root"><div class="shell"><header>h</header>' +
  '<!--first-view--></div></div></body></html>';

const init = (slide: Record<string, unknown>) => ({
  '/api/catalog/init': {
    code: 200,
    result: { slider_images: [slide, { image: '/2.svg', title: 'Второ', link: '/' }] },
  },
});
const IPHONE_SLIDE = { image: '/images/iphone.svg', title: 'iPhone 17 Pro', subtitle: 'Титан', link: '/iphone' };

const page = (path: string, answers: Record<string, unknown>) => withFirstView(SHELL, firstViewFor(path, answers));

describe('the first view the server draws into home', () => {
  it('home shows its heading and its first slide (picture, title, call to action, link) after the header, in the layout’s main', () => {
    const html = page('/', init(IPHONE_SLIDE));
    const main = /<header>h<\/header>(<main class="container main" data-first-view>.*<\/main>)<\/div>/.exec(html)?.[1];
    expect(main).toBeDefined();
    expect(main).toContain('<h1 class="page__title">Продукти на Apple</h1>');
    expect(main).toContain('<a href="/iphone" class="home-slider__link">');
    expect(main).toContain('src="/images/iphone.svg" alt="iPhone 17 Pro" width="310" height="300"');
    expect(main).toContain('<span class="home-slider__subtitle">Титан</span>');
    // The call to action is there before the app, as the app draws it: nothing moves when the app takes over.
    expect(main).toContain('<span class="btn btn--primary btn--sm home-slider__cta">Разгледай</span>');
    // Only the first slide: the app draws the others, with the buttons that reach them.
    expect(main).not.toContain('Второ');
    expect(page('/pwa.html', init(IPHONE_SLIDE))).toBe(html);
  });

  it('its picture is fetched from the head, ahead of the scripts (they would take every connection first)', () => {
    expect(page('/', init(IPHONE_SLIDE))).toContain(
      '<link rel="preload" as="image" href="/images/iphone.svg" fetchpriority="high"></head>',
    );
    const scripted = SHELL.replace(
      '</head>',
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/app.js"></head>',
    );
    const html = withFirstView(scripted, firstViewFor('/', init(IPHONE_SLIDE)));
    expect(html).toContain(
      '<title>t</title><link rel="preload" as="image" href="/images/iphone.svg" fetchpriority="high"><script',
    );
  });

  it('titles are text, never markup, and a `$` in them is kept as it is', () => {
    const html = page('/', init({ ...IPHONE_SLIDE, title: '<b>"Нов"</b> $& $1', subtitle: "Mac's" }));
    expect(html).toContain('alt="&lt;b&gt;&quot;Нов&quot;&lt;/b&gt; $&amp; $1"');
    expect(html).toContain('&lt;b&gt;&quot;Нов&quot;&lt;/b&gt; $&amp; $1</span>');
    expect(html).toContain('Mac&#39;s');
    expect(html).not.toContain('<b>');
  });

  it('no first view for a link that is not a web address, a picture from another host or an unreadable slide', () => {
    for (const slide of [
      { ...IPHONE_SLIDE, link: 'javascript:alert(1)' },
      { ...IPHONE_SLIDE, image: 'https://cdn.example.com/a.svg' },
      { ...IPHONE_SLIDE, image: '//cdn.example.com/a.svg' },
      { ...IPHONE_SLIDE, title: '' },
      { image: 42 },
    ]) {
      expect(page('/', init(slide))).toBe(SHELL);
    }
    expect(page('/', { '/api/catalog/init': { code: 200, result: { slider_images: [] } } })).toBe(SHELL);
  });

  it('other pages, a home without its init answer and a shell without the mark are sent as they are', () => {
    expect(page('/iphone', init(IPHONE_SLIDE))).toBe(SHELL);
    expect(page('/', {})).toBe(SHELL);
    const unmarked = SHELL.replace('<!--first-view-->', '');
    expect(withFirstView(unmarked, firstViewFor('/', init(IPHONE_SLIDE)))).toBe(unmarked);
  });
});

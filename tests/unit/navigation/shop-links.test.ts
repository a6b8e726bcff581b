import { describe, expect, it } from 'vitest';
import {
  FOOTER_PAGES_MAX,
  footerPages,
  parseKeptShopLinks,
  readShopLinks,
  textOfHtml,
} from '../../../client/navigation/shop-links.ts';

/** GET /api/catalog/init's result as the demo catalogue makes it (the parts the footer reads). */
const init = {
  contact_info: {
    identifier: 'contact_info',
    title: 'Контакти',
    content: 'тел. 0700 10 800 · shop@apple-store.bg · София, бул. Витоша 1',
  },
  slider_images: [],
  footer_menu: {
    categories: [{ id: 3, name: 'MacBook', slug: 'macbook', url: '/macbook', image: '' }],
    pages: [
      { id: 2, title: 'Гаранция', slug: 'guarantee', url: '/guarantee' },
      { id: 3, title: 'Доставка', slug: 'delivery', url: '/delivery' },
    ],
  },
  menu: [
    {
      id: 3,
      name: 'MacBook',
      href: '/macbook',
      children: [{ id: 5, name: 'MacBook Air', name_en: 'MacBook Air', href: '/macbook-air', children: [] }],
    },
  ],
};

describe('the footer read from the init answer', () => {
  it('takes the menu categories, the content pages and the contact details', () => {
    expect(readShopLinks(init)).toEqual({
      categories: [{ id: 3, title: 'MacBook', href: '/macbook' }],
      menu: init.menu,
      pages: [
        { id: 2, title: 'Гаранция', href: '/guarantee' },
        { id: 3, title: 'Доставка', href: '/delivery' },
      ],
      contact: { title: 'Контакти', text: 'тел. 0700 10 800 · shop@apple-store.bg · София, бул. Витоша 1' },
    });
  });

  it('shows a contact block written in markup as its words, never its tags or scripts', () => {
    const links = readShopLinks({
      ...init,
      contact_info: {
        title: 'Контакти',
        content: '<p>тел. 0700&nbsp;10&nbsp;800</p><script>alert(1)</script><ul><li>София &amp; Пловдив</li></ul>',
      },
    });
    expect(links?.contact?.text).toBe('тел. 0700 10 800 · София & Пловдив');
  });

  it('leaves out a link that would leave the shop (another site, a script address), keeping the others', () => {
    const pagesWith = (url: string) =>
      readShopLinks({
        ...init,
        footer_menu: { ...init.footer_menu, pages: [...init.footer_menu.pages, { id: 9, title: 'X', url }] },
      })?.pages.map((p) => p.href);
    expect(pagesWith('https://elsewhere.example/')).toEqual(['/guarantee', '/delivery']);
    expect(pagesWith('//elsewhere.example/')).toEqual(['/guarantee', '/delivery']);
    expect(pagesWith('javascript:alert(1)')).toEqual(['/guarantee', '/delivery']);
    expect(pagesWith('/terms-of-use')).toEqual(['/guarantee', '/delivery', '/terms-of-use']);
  });

  it('has no contact column without a contact block, or with an empty one', () => {
    expect(readShopLinks({ ...init, contact_info: null })?.contact).toBeNull();
    expect(readShopLinks({ ...init, contact_info: { title: 'Контакти', content: '<p> </p>' } })?.contact).toBeNull();
  });

  it('takes the menu bar with its submenus, or none when an entry would lead away or it is missing', () => {
    expect(readShopLinks(init)?.menu[0]?.children.map((c) => c.href)).toEqual(['/macbook-air']);
    const away = { ...init.menu[0]!, children: [{ id: 9, name: 'x', href: 'https://evil.example', children: [] }] };
    expect(readShopLinks({ ...init, menu: [away] })?.menu).toEqual([]);
    expect(readShopLinks({ ...init, menu: undefined })?.menu).toEqual([]);
  });

  it('is null for an answer without the footer menu', () => {
    expect(readShopLinks({ slider_images: [] })).toBeNull();
    expect(readShopLinks(null)).toBeNull();
  });
});

describe('the footer’s content pages', () => {
  const page = (id: number, slug: string) => ({ id, title: slug, href: `/${slug}` });

  it('lists the pages a shopper looks for before buying, in the shop’s order, and leaves the rest to the sitemap', () => {
    const pages = [
      page(1, 'about-us'),
      page(2, 'careers'),
      page(3, 'delivery'),
      page(4, 'press'),
      page(5, 'privacy-policy'),
      page(6, 'terms-of-use'),
      page(7, 'guarantee'),
    ];
    expect(footerPages(pages).map((p) => p.href)).toEqual([
      '/about-us',
      '/delivery',
      '/privacy-policy',
      '/terms-of-use',
      '/guarantee',
    ]);
  });

  it('shows a shop’s first pages when it has none of those', () => {
    const pages = Array.from({ length: 30 }, (_, i) => page(i, `page-${i}`));
    expect(footerPages(pages)).toHaveLength(FOOTER_PAGES_MAX);
    expect(footerPages(pages)[0]?.href).toBe('/page-0');
  });
});

describe('the copy kept on the device for offline use', () => {
  it('reads back what was kept', () => {
    const links = readShopLinks(init);
    expect(parseKeptShopLinks(JSON.stringify(links))).toEqual(links);
  });

  it('reads a copy an older version kept without the menu, as having none', () => {
    const { menu: _menu, ...older } = readShopLinks(init)!;
    expect(parseKeptShopLinks(JSON.stringify(older))?.menu).toEqual([]);
  });

  it('is not used when missing, unreadable or of another shape', () => {
    expect(parseKeptShopLinks(null)).toBeNull();
    expect(parseKeptShopLinks('{not json')).toBeNull();
    expect(parseKeptShopLinks(JSON.stringify({ pages: 'x' }))).toBeNull();
  });
});

describe('a CMS block’s words', () => {
  it('joins lines and list items with a separator and collapses white space', () => {
    expect(textOfHtml('<p>a</p>\n<p>b</p><br>c')).toBe('a · b · c');
  });
});

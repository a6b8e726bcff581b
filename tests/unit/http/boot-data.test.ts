import { describe, expect, it } from 'vitest';
import { productLookupPath } from '../../../schema/catalog/rules/product-address.ts';
import { bootPathsFor, withBootAnswers } from '../../../sync-server/http/boot-data.ts';

const SHELL = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';

describe('the first answers a page is sent with', () => {
  it('home gets the init answer; a category slug its lists; a product address one lookup of every sku guess', () => {
    expect(bootPathsFor('/')).toEqual(['/api/catalog/init']);
    expect(bootPathsFor('/iphone')).toEqual(['/api/catalog/categories', '/api/catalog/attributes']);
    expect(bootPathsFor('/iphone/cvyat-cheren')).toEqual(['/api/catalog/categories', '/api/catalog/attributes']);
    expect(bootPathsFor('/iphone-17-256-IP17-256-BLK')).toEqual([
      productLookupPath(['BLK', '256-BLK', 'IP17-256-BLK', '256-IP17-256-BLK', '17-256-IP17-256-BLK']),
    ]);
  });

  it('the app’s own screens, searches and nameless paths get none', () => {
    for (const path of ['/cart', '/my-account', '/my-account/newsletter', '/login', '/search=macbook', '/Обувки']) {
      expect(bootPathsFor(path)).toEqual([]);
    }
  });

  it('answers go into the page as JSON that no answer can break out of, at the end of its body', () => {
    const answers = {
      '/api/catalog/init': { code: 200, result: { slider_images: [{ image: '/images/slide-1.svg' }] } },
      '/api/x': { code: 200, result: '</script><script>alert(1)</script>' },
    };
    const html = withBootAnswers(SHELL, answers);
    const json = /<script id="boot-data" type="application\/json">(.*)<\/script><\/body>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json!)).toEqual(answers);
  });

  it('an answer with `$` patterns in its text is embedded as it is', () => {
    const answers = { '/api/x': { code: 200, result: "$& $' $` $$ $1" } };
    const json = /<script id="boot-data" type="application\/json">(.*)<\/script><\/body>/.exec(
      withBootAnswers(SHELL, answers),
    )?.[1];
    expect(JSON.parse(json!)).toEqual(answers);
  });

  it('a page without answers is the shell as built', () => {
    expect(withBootAnswers(SHELL, {})).toBe(SHELL);
  });
});

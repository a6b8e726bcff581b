import { describe, expect, it } from 'vitest';
import { escapeHtml, markup, rawHtml } from '../../../sync-server/amp/escape-html.ts';

describe('AMP escaping', () => {
  it('escapes the five characters that can leave text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('Калъф 13" – черен')).toBe('Калъф 13&quot; – черен');
  });

  it('markup`` escapes every interpolated string, keeps its own markup and nested markup``', () => {
    const name = '<img src=x onerror=alert(1)>';
    const inner = markup`<b>${name}</b>`;
    expect(markup`<p title="${name}">${inner}${[' & ', 1]}${null}${false}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;"><b>&lt;img src=x onerror=alert(1)&gt;</b> &amp; 1</p>',
    );
  });

  it('rawHtml passes the code base’s own markup through unchanged', () => {
    expect(markup`<style>${rawHtml('a>b{color:red}')}</style>`.value).toBe('<style>a>b{color:red}</style>');
  });
});

import { describe, expect, it } from 'vitest';
import { htmlParagraphs } from '../../../schema/catalog/rules/html-text.ts';

describe('description as plain paragraphs', () => {
  it('keeps the text, one paragraph per block, and drops tags, scripts, styles and comments', () => {
    const markup =
      '<p>Официален <b>внос</b>.</p><!-- note --><ul><li>2 години&nbsp;гаранция</li><li>A &amp; B &#8211; &#x41;</li></ul>' +
      '<script>alert(1)</script><style>p{}</style><div onclick="x()">Край</div>';
    expect(htmlParagraphs(markup)).toEqual(['Официален внос.', '2 години гаранция', 'A & B – A', 'Край']);
  });

  it('gives escaped markup back as text (the view escapes it again) and nothing for empty input', () => {
    expect(htmlParagraphs('&lt;script&gt;')).toEqual(['<script>']);
    expect(htmlParagraphs('')).toEqual([]);
    expect(htmlParagraphs('<p> </p>')).toEqual([]);
  });
});

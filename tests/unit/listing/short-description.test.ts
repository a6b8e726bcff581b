import { describe, expect, it } from 'vitest';
import { cutDescription, SHORT_DESCRIPTION_LIMIT } from '../../../client/catalog/product/short-description.ts';
import { htmlPlainText } from '../../../schema/catalog/rules/html-text.ts';

const words = (count: number): string => Array.from({ length: count }, (_, i) => `дума${i}`).join(' ');

describe('spec: "short description (cut to 200 characters with an ellipsis in list view)"', () => {
  it('the limit is 200', () => {
    expect(SHORT_DESCRIPTION_LIMIT).toBe(200);
  });

  it('a text of at most 200 characters is shown whole, without an ellipsis', () => {
    const exactly = 'а'.repeat(200);
    expect(cutDescription(exactly)).toBe(exactly);
    expect(cutDescription('Кратко.')).toBe('Кратко.');
  });

  it('a longer text is cut at a word boundary within 200 characters and ends with an ellipsis', () => {
    const text = words(60);
    const cut = cutDescription(text);
    expect(cut.endsWith('…')).toBe(true);
    const body = cut.slice(0, -1);
    expect(Array.from(body).length).toBeLessThanOrEqual(200);
    expect(text.startsWith(body)).toBe(true);
    // No word is broken: the text goes on with a space after the cut.
    expect(text[body.length]).toBe(' ');
  });

  it('a single long word is cut at exactly 200 characters', () => {
    expect(cutDescription('б'.repeat(250))).toBe(`${'б'.repeat(200)}…`);
  });

  it('counts characters, not UTF-16 units: an emoji is one character and is never split', () => {
    const cut = cutDescription('🍏'.repeat(201));
    expect(cut).toBe(`${'🍏'.repeat(200)}…`);
  });

  it('no punctuation dangles before the ellipsis', () => {
    const text = `${'в'.repeat(150)}, ${'г'.repeat(100)}`;
    expect(cutDescription(text)).toBe(`${'в'.repeat(150)}…`);
  });

  it('HTML is read as the shopper sees it: tags dropped, entities decoded, spaces collapsed', () => {
    expect(htmlPlainText('<p>Чип <b>M4</b>&nbsp;&amp; 16&#160;GB</p>\n\n<ul><li>Touch&#x20;ID</li></ul>')).toBe(
      'Чип M4 & 16 GB Touch ID',
    );
    // Tags take no room: 198 letters, a space (between the paragraphs) and one letter are exactly 200.
    expect(cutDescription(`<p>${'д'.repeat(198)}</p><p>е</p>`)).toBe(`${'д'.repeat(198)} е`);
    expect(cutDescription(`<p>${'д'.repeat(199)}</p><p>е</p>`)).toBe(`${'д'.repeat(199)}…`);
  });

  it('an empty description stays empty', () => {
    expect(cutDescription('')).toBe('');
    expect(cutDescription('<p> </p>')).toBe('');
  });
});

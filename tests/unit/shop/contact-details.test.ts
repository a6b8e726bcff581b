import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../../sync-server/mail/compose.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';
import { buildCmsBlocks } from '../../../tools/catalog/content.ts';
import { SHOP_CONTACT } from '../../../schema/shop/index.ts';

/**
 * Issue 29, item 13: the shop's phone, address and e-mail are written in one place, schema/shop/contact.ts. The
 * footer said bul. Vitosha 48 / 0700 18 448 / info@applestore-bg.example while every e-mail signed with Vitosha 1 /
 * 0700 10 800 / shop@apple-store.bg. Every source a shopper's words come from (the client, the server, the shared
 * rules, the catalogue generator, the static pages) is read here: a phone number of the shop's kind, a street on
 * Vitosha or a shop-like e-mail address anywhere but the module fails.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCES = ['client', 'sync-server', 'schema', 'tools', 'public', 'migrations', 'index.html'];
const MODULE = 'schema/shop/contact.ts';
const TEXT = /\.(ts|tsx|html|json|sql|css|md|txt|webmanifest)$/;

const filesUnder = (path: string): string[] => {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => filesUnder(join(path, name)));
};

const sources = SOURCES.flatMap(filesUnder)
  .filter((path) => TEXT.test(path) && relative(ROOT, join(ROOT, path)) !== MODULE)
  .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

/** A Bulgarian national service number (0700 …) or a Sofia landline written as the shop's would be. */
const SHOP_PHONE = /\b0700[\s\u00a0]*\d{2}[\s\u00a0]*\d{3}\b/g;
const VITOSHA = /Витоша|Vitosha/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** An address that speaks for the shop: a shop's mailbox name, or a domain named after the shop. */
const shopLike = (email: string): boolean =>
  /^(shop|info|office|contact|contacts|sales|support|hello|orders)@/i.test(email) || /apple/i.test(email);

const hits = (pattern: RegExp, keep: (match: string) => boolean = () => true): string[] =>
  sources.flatMap(({ path, text }) =>
    [...text.matchAll(pattern)].filter((m) => keep(m[0])).map((m) => `${path}: ${m[0]}`),
  );

describe("the shop's contact details", () => {
  it('are written in schema/shop/contact.ts alone: no other phone, street or shop e-mail in the sources', () => {
    expect(sources.length).toBeGreaterThan(200);
    // The consumer-protection commission's number on the terms page is theirs, not the shop's.
    expect(hits(SHOP_PHONE, (phone) => phone.replace(/\s/g, '') !== '070011122')).toEqual([]);
    expect(hits(VITOSHA)).toEqual([]);
    expect(hits(EMAIL, shopLike)).toEqual([]);
  });

  it('are what the catalogue contact blocks and every e-mail say', () => {
    const generated = buildCmsBlocks().find((block) => block.identifier === 'footer-contacts');
    const demo = demoCatalog().cmsBlocks.find((block) => block.identifier === 'contact_info');
    const mail = composeMail({ id: 1, to_address: 'a@b.bg', subject: 'Тест', body: 'Здравейте' }, 'x', 'x');
    for (const text of [generated?.content, demo?.content, mail.text, mail.html]) {
      expect(text).toContain(SHOP_CONTACT.phone);
      expect(text).toContain(SHOP_CONTACT.email);
    }
    expect(mail.text).toContain(SHOP_CONTACT.address.bg);
    expect(mail.text).toContain(SHOP_CONTACT.address.en);
  });
});

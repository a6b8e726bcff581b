import { z } from 'zod';
import { MENU_DEPTH, type MenuItem } from '../../schema/catalog/menu-tree.ts';

/** A link of the footer's lists, as GET /api/catalog/init's `footer_menu` carries it. */
export interface ShopLink {
  id: number;
  title: string;
  /** A category's name in English where the catalogue has one (issue 19). */
  title_en?: string;
  href: string;
}

/** What the shell needs from the init answer: the footer's links, the shop's contact details, the menu bar. */
export interface ShopLinks {
  categories: ShopLink[];
  /** The main navigation with its submenus (the init answer's `menu`); empty from a server that sends none. */
  menu: MenuItem[];
  pages: ShopLink[];
  /** The contact block's title and its text (the block may hold markup; only its words are shown). */
  contact: { title: string; text: string } | null;
}

/** A same-site path: the footer never links away from the shop, whatever a content editor typed. */
const sitePath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s]*$/);

/** A menu entry and its entries, MENU_DEPTH levels at most, each a same-site link. */
const menuLevel = (depth: number): z.ZodType<MenuItem> =>
  z.object({
    id: z.number().int(),
    name: z.string().min(1).max(200),
    name_en: z.string().min(1).max(200).optional(),
    href: sitePath,
    children: depth < MENU_DEPTH ? z.array(menuLevel(depth + 1)).max(100) : z.array(z.never()).max(0),
  });
const menuSchema = z.array(menuLevel(1)).max(100);

/** The init answer's menu; none (an older server, a link leading away) leaves the shell its flat fallback. */
const readMenu = (result: unknown): MenuItem[] => {
  const parsed = menuSchema.safeParse((result as { menu?: unknown } | null)?.menu);
  return parsed.success ? parsed.data : [];
};

const footerSchema = z.object({
  contact_info: z.object({ title: z.string().max(200), content: z.string().max(20_000) }).nullish(),
  footer_menu: z.object({
    categories: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string().min(1).max(200),
          name_en: z.string().min(1).max(200).optional(),
          url: z.string().max(500),
        }),
      )
      .max(100),
    pages: z
      .array(z.object({ id: z.number().int(), title: z.string().min(1).max(200), url: z.string().max(500) }))
      .max(200),
  }),
});

/**
 * The content pages the footer lists, of the many a shop has (the generated one has 44): what a shopper looks for
 * before buying. The rest are on the sitemap, which the footer links. A shop with none of these shows its first
 * FOOTER_PAGES_MAX pages.
 */
export const FOOTER_PAGE_SLUGS: readonly string[] = [
  'about-us',
  'how-to-order',
  'delivery',
  'payment-methods',
  'guarantee',
  'returns',
  'faq',
  'terms-of-use',
  'privacy-policy',
  'cookie-policy',
];
export const FOOTER_PAGES_MAX = 10;

/** The footer's pages of all the init answer lists, in the answer's order. */
export const footerPages = (pages: readonly ShopLink[]): ShopLink[] => {
  const essential = pages.filter((page) => FOOTER_PAGE_SLUGS.includes(page.href.slice(1)));
  return essential.length > 0 ? essential : pages.slice(0, FOOTER_PAGES_MAX);
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of a CMS block's content: tags dropped (a block is a text line or a small list), entities read. */
export const textOfHtml = (html: string): string =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<(br|\/p|\/li|\/div)\b[^>]*>/gi, ' · ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/(\s*·\s*)+/g, ' · ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s·]+|[\s·]+$/g, '');

/** The init answer's `result` read into the footer's links; null when it does not have their shape. */
export function readShopLinks(result: unknown): ShopLinks | null {
  const parsed = footerSchema.safeParse(result);
  if (!parsed.success) return null;
  const { contact_info: contact, footer_menu: menu } = parsed.data;
  const text = contact ? textOfHtml(contact.content) : '';
  // A link that would leave the shop (another site, a script address) is left out; the others stay.
  const inShop = (link: ShopLink): boolean => sitePath.safeParse(link.href).success;
  return {
    categories: menu.categories
      .map((c) => ({ id: c.id, title: c.name, ...(c.name_en ? { title_en: c.name_en } : {}), href: c.url }))
      .filter(inShop),
    menu: readMenu(result),
    pages: footerPages(menu.pages.map((p) => ({ id: p.id, title: p.title, href: p.url })).filter(inShop)),
    contact: contact && text !== '' ? { title: contact.title, text } : null,
  };
}

const shopLinksSchema = z.object({
  categories: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string().max(200),
        title_en: z.string().max(200).optional(),
        href: sitePath,
      }),
    )
    .max(100),
  pages: z.array(z.object({ id: z.number().int(), title: z.string().max(200), href: sitePath })).max(200),
  // Kept by an older version without it: the flat fallback until the next init answer.
  menu: menuSchema.optional().transform((menu) => menu ?? []),
  contact: z.object({ title: z.string().max(200), text: z.string().max(20_000) }).nullable(),
}) satisfies z.ZodType<ShopLinks, unknown>;

/** Kept as written (JSON); read back through the schema, so an old or tampered copy is simply not used. */
export const parseKeptShopLinks = (text: string | null): ShopLinks | null => {
  if (text === null) return null;
  try {
    const parsed = shopLinksSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

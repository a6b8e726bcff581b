import { z } from 'zod';

export const cmsPageSchema = z.object({
  id: z.number().int(),
  identifier: z.string().min(1).max(200),
  slug: z.string().min(1).max(200),
  title: z.string().max(300),
  content_heading: z.string().max(300).default(''),
  content: z.string().max(500_000),
  meta_title: z.string().max(300).default(''),
  meta_description: z.string().max(1000).default(''),
  active: z.boolean().default(true),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const cmsBlockSchema = z.object({
  id: z.number().int(),
  identifier: z.string().min(1).max(200),
  title: z.string().max(300),
  content: z.string().max(500_000),
  active: z.boolean().default(true),
});
export type CmsBlock = z.infer<typeof cmsBlockSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  image: z.string().max(500),
  title: z.string().max(200),
  subtitle: z.string().max(300).default(''),
  /** The title and subtitle in English, where the catalogue has them (issue 19); absent, the Bulgarian ones show. */
  title_en: z.string().max(200).optional(),
  subtitle_en: z.string().max(300).optional(),
  link: z.string().max(500),
  /** 'slider' on the home page, 'promo' on product pages. */
  placement: z.enum(['slider', 'promo']).default('slider'),
  position: z.number().int().default(0),
});
export type Banner = z.infer<typeof bannerSchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1).max(200),
  title: z.string().max(300),
  excerpt: z.string().max(2000),
  content: z.string().max(200_000),
  image: z.string().max(500).default(''),
  tags: z.array(z.string().max(64)).max(50),
  published_at: z.string().max(40),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  title: z.string().max(300),
  detail: z.string().max(20_000),
  nickname: z.string().max(100),
  /** 1..5; VSF1's reviews carry none, the importer leaves them null. */
  rating: z.number().int().min(1).max(5).nullable().default(null),
  /** 1 approved, 2 pending, 3 not approved (Magento's values; the spec lists review_status=1). */
  review_status: z.number().int().min(1).max(3),
  created_at: z.string().max(40),
});
export type Review = z.infer<typeof reviewSchema>;

export * from './ad.ts';
export * from './ad-commands.ts';
export * from './ad-list.ts';
export * from './ad-review.ts';
export * from './ad-rules.ts';
export * from './ad-search-key.ts';
export * from './my-ads.ts';
export * from './ad-list-total.ts';

import type { AdInput, OwnAd } from '../../../schema/ads/ad.ts';
import type { AdCommand, AdWorld } from '../../../schema/ads/ad-rules.ts';
import { emptyMyAds, type MyAdsDoc } from '../../../schema/ads/my-ads.ts';
import { parseCommand } from '../../../schema/commands/registry.ts';
import { commandDoc, OWNER, type Meta } from '../support/commands.ts';

/** Ad ids and photo ids as a device makes them (lower-case UUIDs). */
export const AD_1 = '0190a6b2-3c4d-4e8f-9a0b-00000000a001';
export const AD_2 = '0190a6b2-3c4d-4e8f-9a0b-00000000a002';
export const PHOTO_1 = '0190a6b2-3c4d-4e8f-9a0b-00000000f001';
export const PHOTO_2 = '0190a6b2-3c4d-4e8f-9a0b-00000000f002';

export const adInput = (overrides: Partial<AdInput> = {}): AdInput => ({
  id: AD_1,
  title: 'iPhone 15 Pro, 256 GB',
  description: 'Запазен, с кутия и зарядно. Батерия 91%.',
  category: 'iphone',
  model: 'iPhone 15 Pro',
  condition: 'like-new',
  price: { kind: 'fixed', cents: 75_000 },
  city: 'София',
  photos: [],
  contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
  ...overrides,
});

export const ownAd = (overrides: Partial<OwnAd> = {}): OwnAd => ({
  ...adInput(),
  status: 'pending',
  createdAt: 1_000,
  updatedAt: 1_000,
  ...overrides,
});

export const myAdsOf = (ads: OwnAd[]): MyAdsDoc => ({ ...emptyMyAds(OWNER), ads });

/** The catalogue as the server reads it for the rules: the demo's iPhone category and a category without models. */
export const WORLD: AdWorld = {
  categories: new Map([
    ['iphone', new Set(['iPhone 15 Pro', 'iPhone 17'])],
    ['aksesoari', new Set<string>()],
  ]),
  readyPhotos: new Set(),
  takenIds: new Set(),
  deletedIds: new Set(),
};

const adCommand = (type: AdCommand['type'], payload: Record<string, unknown>, meta?: Meta): AdCommand => {
  const parsed = parseCommand(commandDoc(type, payload, meta));
  if (!parsed.ok) throw new Error(`test command does not parse: ${parsed.field}: ${parsed.message}`);
  return parsed.command as AdCommand;
};

export const save = (ad: AdInput, meta?: Meta) => adCommand('ad.save', { ad }, meta);
export const renew = (adId: string, meta?: Meta) => adCommand('ad.renew', { adId }, meta);
export const remove = (adId: string, meta?: Meta) => adCommand('ad.delete', { adId }, meta);

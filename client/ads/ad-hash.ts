import type { AdInput } from '../../schema/ads/ad.ts';

/**
 * The spec's session ad hashes (commerce.md §3 Ad state `session_ad_hashes`): the same ad content is submitted once
 * a session. A double click, a resubmit of an unchanged form, or the same new ad written twice in a second form does
 * nothing. Pure: the state is handed in and a new one handed back (client/ads/session-hashes.ts keeps it).
 */

/** JSON with object keys sorted, so two equal ads hash alike whatever order their fields were written in. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/** cyrb53: a fast 53-bit string hash; collisions only cost a skipped resubmit, and no secret depends on it. */
const cyrb53 = (text: string): string => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
};

/** The hash of what the ad says, its id left out: the same words and photos under a second new id are the same ad. */
export const adContentHash = (ad: AdInput): string => {
  const { id: _id, ...content } = ad;
  return cyrb53(canonicalJson(content));
};

export interface SessionAdHashes {
  /** Per ad id, the content last submitted for it. */
  readonly byAd: Readonly<Record<string, string>>;
  /** The contents of new ads submitted this session. */
  readonly created: readonly string[];
}

export const EMPTY_SESSION_HASHES: SessionAdHashes = { byAd: {}, created: [] };
/** Contents remembered per session: a session never writes more ads than an owner may keep, with room to spare. */
const KEPT = 100;

/**
 * Whether to submit this save, and the hashes after it. An edit is skipped when its ad was last submitted with
 * this very content (editing back to an earlier text is a change, and goes); a new ad is skipped also when a new
 * ad of the same content was submitted this session under another id.
 */
export const decideSubmission = (
  hashes: SessionAdHashes,
  ad: AdInput,
  isNew: boolean,
): { submit: boolean; hashes: SessionAdHashes } => {
  const hash = adContentHash(ad);
  if (hashes.byAd[ad.id] === hash || (isNew && hashes.created.includes(hash))) return { submit: false, hashes };
  return {
    submit: true,
    hashes: {
      byAd: { ...hashes.byAd, [ad.id]: hash },
      created: isNew ? [...hashes.created, hash].slice(-KEPT) : hashes.created,
    },
  };
};

/** After a save the server failed to run: the same content may be sent again. */
export const forgetSubmission = (hashes: SessionAdHashes, ad: AdInput): SessionAdHashes => {
  const hash = adContentHash(ad);
  const { [ad.id]: _dropped, ...byAd } = hashes.byAd;
  return { byAd, created: hashes.created.filter((h) => h !== hash) };
};

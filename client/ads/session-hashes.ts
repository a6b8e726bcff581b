import type { AdInput } from '../../schema/ads/ad.ts';
import { decideSubmission, EMPTY_SESSION_HASHES, forgetSubmission, type SessionAdHashes } from './ad-hash.ts';

/**
 * The session's ad hashes, kept in sessionStorage: a session is the tab (the spec's session state), and a reload of
 * the tab right after a submit must not submit the ad again.
 */
const KEY = 'ads.sessionHashes';

const load = (): SessionAdHashes => {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as SessionAdHashes) : undefined;
    return parsed && typeof parsed.byAd === 'object' && Array.isArray(parsed.created) ? parsed : EMPTY_SESSION_HASHES;
  } catch {
    return EMPTY_SESSION_HASHES;
  }
};

const save = (hashes: SessionAdHashes): void => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(hashes));
  } catch {
    // No session storage: the hashes last for this page only.
  }
};

let current: SessionAdHashes | undefined;

/** True when the ad is to be submitted now (and it is remembered); false when the session already submitted it. */
export const claimSubmission = (ad: AdInput, isNew: boolean): boolean => {
  const decided = decideSubmission((current ??= load()), ad, isNew);
  if (decided.submit) {
    current = decided.hashes;
    save(current);
  }
  return decided.submit;
};

/** Lets the same content go again (its save could not be written, or the server failed it). */
export const releaseSubmission = (ad: AdInput): void => {
  current = forgetSubmission((current ??= load()), ad);
  save(current);
};

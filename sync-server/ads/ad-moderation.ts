import { decideAdReview, type AdReviewAction } from '../../schema/ads/ad-review.ts';
import type { OwnAd } from '../../schema/ads/ad.ts';
import { evolveMyAds } from '../../schema/ads/ad-rules.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import type { Operator } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { recordAudit } from '../ops/audit.ts';
import type { Database, Sql } from '../store/database.ts';
import { adMail, ownerEmail } from './ad-mail.ts';
import { changeOwnerAds } from './owner-ads.ts';

/** An ad as an operator reviews it: the owner's content and whose it is. */
export type ModeratedAd = OwnAd & { owner: string };

/**
 * The ads of `rows` with their owners' content (read from the owners' `myAds` documents, which hold what the
 * owner wrote), in the rows' order; a row whose ad is not in its owner's document is left out.
 */
export const adsWithOwnerContent = async (
  sql: Sql,
  rows: readonly { id: string; owner: string }[],
): Promise<ModeratedAd[]> => {
  const owners = [...new Set(rows.map((r) => r.owner))];
  if (owners.length === 0) return [];
  const docs = await sql.query<{ owner: string; ads: OwnAd[] }>(
    `SELECT owner, doc->'ads' AS ads FROM my_ads WHERE owner = ANY($1::text[])`,
    [owners],
  );
  const byId = new Map(docs.flatMap((d) => d.ads.map((ad) => [ad.id, { ...ad, owner: d.owner }] as const)));
  return rows.flatMap((r) => byId.get(r.id) ?? []);
};

/**
 * An operator's review of one ad (take, approve, refuse with a reason), by the allowed moves only (409 otherwise,
 * 404 for an unknown id), in one transaction: the owner's `myAds` document rewritten after the owner's lock (so it
 * reaches the owner's devices live), the `ads` row (the public list), an e-mail to the owner for an approval or a
 * refusal when the owner has an address, and the operator's audit line. The one path every operator call takes.
 */
export const decideAd = async (
  db: Database,
  id: string,
  action: AdReviewAction,
  reason: string | undefined,
  operator: Operator,
): Promise<OwnAd> => {
  const now = Date.now();
  const moved = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ owner: string }>(
      "SELECT owner FROM ads WHERE ad_id = $1::uuid AND status <> 'deleted'",
      [id],
    );
    if (!found) throw new HttpProblem(404, `No ad ${id}`, 'id');
    const email = await ownerEmail(tx, found.owner);
    return changeOwnerAds(tx, found.owner, now, (doc) => {
      const ad = doc.ads.find((a) => a.id === id);
      if (!ad) throw new HttpProblem(404, `No ad ${id}`, 'id');
      const decision = decideAdReview(ad, action, now, reason);
      if (decision.kind === 'refused') throw new HttpProblem(409, decision.message, 'status');
      const next = evolveMyAds(doc, { type: 'ad.saved', ad: decision.ad });
      const event = action === 'approve' ? 'approved' : action === 'refuse' ? 'refused' : undefined;
      return {
        doc: next,
        changed: [decision.ad],
        value: decision.ad,
        also: async (t: Sql) => {
          if (event && email) await enqueueMail(t, adMail(decision.ad, event, email));
          await recordAudit(t, operator, {
            action: `ad.${action}`,
            target: `ad:${id}`,
            before: { status: ad.status },
            after: { status: decision.ad.status, ...(reason === undefined ? {} : { reason }) },
          });
        },
      };
    });
  });
  if (!moved) throw new HttpProblem(404, `No ad ${id}`, 'id');
  return moved;
};

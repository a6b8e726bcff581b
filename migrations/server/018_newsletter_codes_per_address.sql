-- Issue 29: a newsletter code is its subscriber's own, for orders under the subscriber's address only
-- (schema/coupons: forEmail). Codes mailed before this are bound to the address they were mailed to.
UPDATE coupons SET doc = doc || jsonb_build_object('forEmail', s.email_key)
FROM newsletter_subscriptions s
WHERE s.coupon_code = coupons.code AND NOT coupons.doc ? 'forEmail';

-- A coupon's once-per-customer limit counts the order's address too (schema/coupons usesByCustomer): every new
-- guest is a new owner, so by the owner alone a fresh guest would reset it. Uses recorded before: by owner only.
ALTER TABLE coupon_redemptions ADD COLUMN email_key text;
CREATE INDEX coupon_redemptions_email ON coupon_redemptions (code, email_key) WHERE email_key IS NOT NULL;

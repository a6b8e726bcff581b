-- The shop-wide NEWSLETTER10 (009) had only a once-per-customer limit, and every new guest is a new customer, so it
-- gave 10% to anyone, for ever (issue 29). The newsletter's discount is the subscriber's own one-use code, made when
-- the address is confirmed and mailed (sync-server/newsletter); the shop-wide code keeps a limit in all, 200 orders,
-- that no fresh guest can reset.
UPDATE coupons SET doc = doc || '{"usageLimit": 200}'::jsonb
WHERE code = 'NEWSLETTER10' AND NOT doc ? 'usageLimit';

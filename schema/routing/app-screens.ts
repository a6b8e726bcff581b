/**
 * The first segments of the client's own screens (client/app/router.tsx and each feature's routes): spelled like
 * a category slug, but no catalogue answer is their first view, and the server answers them 200 whatever follows
 * (the screen itself says when its record is unknown). `api`, `amp`, `sync` and `media` are the server's own.
 * tests/unit/routing/app-screens.test.ts holds this list against the client's route files.
 */
export const APP_SCREENS: ReadonlySet<string> = new Set([
  'cart',
  'checkout',
  'payment',
  'order-tracking',
  'compare',
  'wishlist',
  'contact',
  'my-account',
  'login',
  'register',
  'ops',
  'reset-password',
  'newsletter',
  'api',
  'amp',
  'sync',
  'media',
]);

import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { OrderPage, OrdersPage } from '../orders/index.ts';
import { myAdRoutes } from '../ads/index.ts';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * Each page is its own chunk, loaded when its route is first entered: most visits never open an account page,
 * and the first page's JavaScript stays under its budget (npm run bench:web).
 */
const AccountLayout = lazyRoute(() => import('./account-layout.tsx'), 'AccountLayout');
const AccountHomePage = lazyRoute(() => import('./account-home-page.tsx'), 'AccountHomePage');
const InvoiceDetailsPage = lazyRoute(() => import('./invoice-details-page.tsx'), 'InvoiceDetailsPage');
const LoginPage = lazyRoute(() => import('./login-page.tsx'), 'LoginPage');
const NewsletterPage = lazyRoute(() => import('./newsletter-page.tsx'), 'NewsletterPage');
const RecentlyViewedPage = lazyRoute(() => import('./recently-viewed-page.tsx'), 'RecentlyViewedPage');
const RegisterPage = lazyRoute(() => import('./register-page.tsx'), 'RegisterPage');
const ResetPasswordPage = lazyRoute(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
const ShippingDetailsPage = lazyRoute(() => import('./shipping-details-page.tsx'), 'ShippingDetailsPage');

/**
 * The account routes (spec section 2): '/login', '/register', '/reset-password' for everyone, and '/my-account'
 * with its pages behind the guard (AccountLayout). Static paths, so they rank above the '/$slug' category routes.
 * Orders and own ads ('/my-account/orders', '/my-account/my-sell') are other issues' pages under the same layout.
 */
export const accountRoutes = <P extends AnyRoute>(parent: P) => {
  const myAccount = createRoute({ getParentRoute: () => parent, path: 'my-account', component: AccountLayout });
  const child = { getParentRoute: () => myAccount } as const;
  return [
    createRoute({ getParentRoute: () => parent, path: 'login', component: LoginPage }),
    createRoute({ getParentRoute: () => parent, path: 'register', component: RegisterPage }),
    createRoute({ getParentRoute: () => parent, path: 'reset-password', component: ResetPasswordPage }),
    myAccount.addChildren([
      createRoute({ ...child, path: '/', component: AccountHomePage }),
      createRoute({ ...child, path: 'shipping-details', component: ShippingDetailsPage }),
      createRoute({ ...child, path: 'invoice-details', component: InvoiceDetailsPage }),
      createRoute({ ...child, path: 'newsletter', component: NewsletterPage }),
      createRoute({ ...child, path: 'recently-viewed', component: RecentlyViewedPage }),
      createRoute({ ...child, path: 'orders', component: OrdersPage }),
      createRoute({ ...child, path: 'orders/$orderId', component: OrderPage }),
      ...myAdRoutes(myAccount),
    ]),
  ] as const;
};

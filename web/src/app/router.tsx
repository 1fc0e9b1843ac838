import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { LoadingScreen } from '../components/ui/loading-screen';
import { paths } from '../config/paths';
import { MainRoute } from './routes/main-route';

// The checkout return pages are visited once per purchase: their code loads only there.
const CheckoutSuccessRoute = lazy(() =>
  import('./routes/checkout-success-route').then((module) => ({ default: module.CheckoutSuccessRoute })),
);
// The gallery is a screen of its own: its code loads when it is opened, not with the chat.
const GalleryRoute = lazy(() =>
  import('./routes/gallery-route').then((module) => ({ default: module.GalleryRoute })),
);
const CheckoutCancelPage = lazy(() =>
  import('../features/checkout/components/checkout-cancel-page').then((module) => ({
    default: module.CheckoutCancelPage,
  })),
);

/**
 * The app's routes, on the browser's location. wouter: four routes and a redirect need no more,
 * and it is about 2 kB (gzip) where react-router was 14.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path={paths.home} component={MainRoute} />
        <Route path={paths.gallery} component={GalleryRoute} />
        <Route path={paths.checkoutSuccess} component={CheckoutSuccessRoute} />
        <Route path={paths.checkoutCancel} component={CheckoutCancelPage} />
        <Route>
          <Redirect to={paths.home} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

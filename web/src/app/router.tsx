import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { paths } from '../config/paths';
import { MainRoute } from './routes/main-route';

// The checkout return pages are visited once per purchase: their code loads only there.
const CheckoutSuccessRoute = lazy(() =>
  import('./routes/checkout-success-route').then((module) => ({ default: module.CheckoutSuccessRoute })),
);
const CheckoutCancelPage = lazy(() =>
  import('../features/checkout/components/checkout-cancel-page').then((module) => ({
    default: module.CheckoutCancelPage,
  })),
);

/**
 * The app's routes. Declarative `<BrowserRouter>`: the app uses no loaders or actions, and the
 * data router's code would be most of react-router's weight in the bundle.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path={paths.home} element={<MainRoute />} />
          <Route path={paths.checkoutSuccess} element={<CheckoutSuccessRoute />} />
          <Route path={paths.checkoutCancel} element={<CheckoutCancelPage />} />
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { CheckoutCancelPage } from '../features/checkout/components/checkout-cancel-page';
import { CheckoutSuccessRoute } from './routes/checkout-success-route';
import { MainRoute } from './routes/main-route';

const router = createBrowserRouter([
  { path: paths.home, element: <MainRoute /> },
  { path: paths.checkoutSuccess, element: <CheckoutSuccessRoute /> },
  { path: paths.checkoutCancel, element: <CheckoutCancelPage /> },
  { path: '*', element: <Navigate to={paths.home} replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

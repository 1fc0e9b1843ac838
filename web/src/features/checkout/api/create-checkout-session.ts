import { useMutation } from '@tanstack/react-query';
import { type CheckoutSession, type CreditPackageId, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

/** Opens a hosted checkout for one package; the server knows its price and the buyer. */
export const createCheckoutSession = (packageId: CreditPackageId): Promise<CheckoutSession> =>
  callApi(endpoints.createCheckoutSession, { body: { packageId } });

/**
 * Starts a purchase and sends the browser to the hosted checkout. The redirect belongs to the mutation,
 * not to the dialog, so it happens even if the dialog was closed while the session was being created.
 */
export const useCreateCheckoutSession = () =>
  useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => window.location.assign(url),
  });

import PriceList from './price-list';

export function PricingSection() {
  return (
    <section aria-labelledby="pricing-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="pricing-title" className="text-center text-3xl font-bold text-zinc-50">
        Simple credit packages
      </h2>
      <p className="mt-3 text-center text-zinc-300">
        Each generation or edit costs 1 credit. No subscription.
      </p>
      <PriceList />
    </section>
  );
}

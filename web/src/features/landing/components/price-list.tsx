import { CREDIT_PACKAGES } from '@thumbnail-studio/contract';
import { cn } from '../../../lib/cn';
import { formatPerCreditPrice, formatPrice, type ListedPackage } from '../../../utils/price';

/** The credit packages of the contract's price list (a zod-free module, so the landing stays small). */
export default function PriceList() {
  return (
    <ul className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-3">
      {CREDIT_PACKAGES.map((pkg: ListedPackage) => (
        <li
          key={pkg.id}
          className={cn(
            'relative flex flex-col items-center gap-2 rounded-2xl border p-6 text-center',
            pkg.badge === 'Most Popular'
              ? 'border-accent-500 bg-accent-600/10'
              : 'border-zinc-800 bg-zinc-900/60',
          )}
        >
          {pkg.badge && (
            <span className="absolute -top-3 rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold text-white">
              {pkg.badge}
            </span>
          )}
          <h3 className="mt-2 font-semibold text-zinc-50">{pkg.name}</h3>
          <p className="text-4xl font-bold text-zinc-50">{formatPrice(pkg.priceCents)}</p>
          <p className="text-zinc-200">{pkg.credits} credits</p>
          <p className="text-sm text-zinc-400">
            {formatPerCreditPrice(pkg.priceCents, pkg.credits)} per credit
          </p>
        </li>
      ))}
    </ul>
  );
}

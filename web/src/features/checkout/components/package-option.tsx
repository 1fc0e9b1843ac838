import type { CreditPackageId } from '@thumbnail-studio/contract';
import { cn } from '../../../lib/cn';
import { formatPerCreditPrice, formatPrice, type ListedPackage } from '../../../utils/price';

interface PackageOptionProps {
  pkg: ListedPackage;
  checked: boolean;
  onSelect(id: CreditPackageId): void;
}

/** One credit package as a radio choice. */
export function PackageOption({ pkg, checked, onSelect }: PackageOptionProps) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer items-center gap-3 rounded-xl border p-4 transition-colors',
        checked ? 'border-accent-500 bg-accent-600/15' : 'border-zinc-700 hover:border-zinc-500',
      )}
    >
      <input
        type="radio"
        name="credit-package"
        value={pkg.id}
        checked={checked}
        onChange={() => onSelect(pkg.id)}
        className="size-4 accent-violet-500"
      />
      <span className="flex flex-1 flex-col">
        <span className="font-medium text-zinc-50">
          {pkg.name} · {pkg.credits} credits
        </span>
        <span className="text-sm text-zinc-300">
          {formatPerCreditPrice(pkg.priceCents, pkg.credits)} per credit
        </span>
      </span>
      {/* On the row's top edge, so every row keeps the same layout and height, badge or not. */}
      {pkg.badge && (
        <span className="absolute -top-2.5 right-4 rounded-full bg-accent-600 px-2 py-0.5 text-xs leading-4 font-semibold whitespace-nowrap text-white">
          {pkg.badge}
        </span>
      )}
      <span className="text-lg font-semibold text-zinc-50">{formatPrice(pkg.priceCents)}</span>
    </label>
  );
}

import { cn } from '../../lib/cn';

/** A decorative spinning ring; pair it with visible text or an aria-label on the parent. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

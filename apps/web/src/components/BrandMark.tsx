import { PRODUCT_NAME } from '@/config/constants';
import { cn } from '@/utils/cn';

/** The product's logo and name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-slate-900 dark:fill-slate-950" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#38bdf8" strokeWidth="2.5" />
        <path d="M16 5v22M7 16h18" stroke="#38bdf8" strokeWidth="2" strokeLinecap="round" />
        <circle cx="16" cy="16" r="2.5" fill="#f97316" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}

import { cn } from '@/utils/cn';

/**
 * A still stand-in for content that is loading. Still on purpose: an animation (a pulse, a
 * spinner) makes the compositor draw a frame on every display refresh, and where a map is
 * starting those frames take the GPU thread its WebGL context waits for (see LazyMap).
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('rounded bg-surface-muted', className)} />;
}

import { Lock } from 'lucide-react';

/** Says why controls are disabled for the signed-in user. */
export function PermissionNote({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Lock aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}

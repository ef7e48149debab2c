import type { AdminRole } from '@meridian/contracts';
import { Badge, type BadgeTone } from './ui/Badge';

/** Admin red, Manager orange, Viewer blue (spec part 6). */
const ROLE_TONES = { ADMIN: 'red', MANAGER: 'orange', VIEWER: 'blue' } as const satisfies Record<
  AdminRole,
  BadgeTone
>;

export const ADMIN_ROLE_LABELS = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  VIEWER: 'Viewer',
} as const satisfies Record<AdminRole, string>;

export function RoleBadge({ role, className }: { role: AdminRole; className?: string }) {
  return (
    <Badge tone={ROLE_TONES[role]} className={className}>
      {ADMIN_ROLE_LABELS[role]}
    </Badge>
  );
}

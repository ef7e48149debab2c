import {
  formatStatus,
  SEVERITY_TONE,
  STATUS_TEXT_CLASS,
} from '@/entities/incident/incident-display';
import { cn } from '@/utils/cn';
import type { IncidentStatus, Severity } from '@meridian/contracts';
import { Badge } from './ui/Badge';

export function SeverityBadge({ severity, className }: { severity: Severity; className?: string }) {
  return (
    <Badge tone={SEVERITY_TONE[severity]} className={className}>
      <span className="sr-only">Severity </span>
      {severity}
    </Badge>
  );
}

/** The status with its underscore replaced by a space, in its colour. */
export function IncidentStatusText({
  status,
  className,
}: {
  status: IncidentStatus;
  className?: string;
}) {
  return (
    <span className={cn('font-semibold', STATUS_TEXT_CLASS[status], className)}>
      {formatStatus(status)}
    </span>
  );
}

/** An incident made from a news item by keyword rules, until a person confirms it. */
export function UnverifiedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="yellow" className={className}>
      <span title="Made from a news item by keyword rules: not yet confirmed by a person">
        Unverified
      </span>
    </Badge>
  );
}

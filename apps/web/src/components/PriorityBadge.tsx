import { PRIORITY_TONE } from '@/entities/incident/incident-display';
import { cn } from '@/utils/cn';
import type { IncidentImpact, PriorityPoints } from '@meridian/contracts';
import { NOT_EXPOSED, PRIORITY_LABELS, totalPoints } from '@meridian/contracts/constants';
import { Badge } from './ui/Badge';

/**
 * The incident's priority for the organization ("P1 · Act now"), or "Not exposed" when it
 * reaches nothing of it now.
 */
export function PriorityBadge({
  impact,
  className,
}: {
  impact: IncidentImpact | null | undefined;
  className?: string;
}) {
  const priority = impact?.priority ?? null;
  if (priority === null) {
    return (
      <span className={cn('text-xs text-muted-foreground', className)}>
        <span className="sr-only">Priority: </span>
        {NOT_EXPOSED}
      </span>
    );
  }
  return (
    <Badge tone={PRIORITY_TONE[priority]} className={cn('rounded-md font-semibold', className)}>
      <span className="sr-only">Priority </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const POINT_NAMES: [keyof PriorityPoints, string][] = [
  ['severity', 'Severity'],
  ['criticality', 'Criticality'],
  ['proximity', 'Proximity'],
  ['value', 'Value at risk'],
  ['singleSource', 'Single source'],
];

/** The priority and the points it is made of, as the README's table gives them. */
export function PriorityExplained({ impact }: { impact: IncidentImpact | null }) {
  const points = impact?.points ?? null;
  return (
    <div className="flex flex-col gap-1">
      <PriorityBadge impact={impact} className="self-start" />
      {points ? (
        <span className="text-xs text-muted-foreground">
          {POINT_NAMES.map(([key, name]) => `${name} ${points[key]}`).join(' · ')} ={' '}
          {totalPoints(points)} points
        </span>
      ) : null}
    </div>
  );
}

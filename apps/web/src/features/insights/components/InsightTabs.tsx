import { cn } from '@/utils/cn';
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export const INSIGHT_TABS = ['timeline', 'analysis', 'impact', 'notes'] as const;
export type InsightTab = (typeof INSIGHT_TABS)[number];

export const TAB_LABELS: Record<InsightTab, string> = {
  timeline: 'Timeline',
  analysis: 'Analysis',
  impact: 'Impact',
  notes: 'Notes',
};

export const isInsightTab = (value: unknown): value is InsightTab =>
  INSIGHT_TABS.some((tab) => tab === value);

/**
 * Timeline, Analysis, Impact and Notes of the selected event (spec part 2), as Radix tabs:
 * arrow keys move between them, Tab enters the open panel.
 */
export function InsightTabs({
  value,
  onValueChange,
  panels,
}: {
  value: InsightTab;
  onValueChange: (tab: InsightTab) => void;
  panels: Record<InsightTab, ReactNode>;
}) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) => {
        if (isInsightTab(next)) onValueChange(next);
      }}
      className="flex flex-col gap-4"
    >
      <Tabs.List
        aria-label="Insight views"
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {INSIGHT_TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground',
              'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              'data-[state=active]:border-primary data-[state=active]:text-foreground',
            )}
          >
            {TAB_LABELS[tab]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {INSIGHT_TABS.map((tab) => (
        <Tabs.Content
          key={tab}
          value={tab}
          className="min-h-24 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {panels[tab]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** Demo groups (spec part 3): no data behind them, the permission labels are text only. */
export type DemoGroup = {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  permissions: readonly string[];
};

export const DEMO_GROUPS: readonly DemoGroup[] = [
  {
    id: 'incident-response',
    name: 'Incident Response',
    description: 'Coordinates the first response when a disruption is detected.',
    memberCount: 8,
    permissions: ['view_events', 'create_plans', 'manage_responses', 'coordinate_response'],
  },
  {
    id: 'administrators',
    name: 'Administrators',
    description: 'Manage the organization, its members and its settings.',
    memberCount: 3,
    permissions: ['full_access', 'admin_controls'],
  },
  {
    id: 'analysts',
    name: 'Risk Analysts',
    description: 'Study events and report on supply-chain exposure.',
    memberCount: 12,
    permissions: ['view_events', 'view_reports', 'update_status'],
  },
  {
    id: 'field-operations',
    name: 'Field Operations',
    description: 'Carry out actions on the ground and report their progress.',
    memberCount: 24,
    permissions: ['view_events', 'update_status', 'coordinate_response'],
  },
];

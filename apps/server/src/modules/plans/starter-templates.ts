import type { PlanTemplateInput } from '@meridian/contracts';

/**
 * What every organization starts with (and may change or remove): the first hours of a port
 * disruption, a supplier failure and a natural hazard, as risk teams run them.
 */
export const STARTER_TEMPLATES: readonly PlanTemplateInput[] = [
  {
    name: 'Port disruption',
    incidentTypes: ['PORT_CONGESTION', 'STRIKE', 'BORDER_CUSTOMS'],
    actions: [
      {
        title: 'Confirm the disruption with carriers and the port authority',
        ownerRole: 'MANAGER',
        dueOffsetHours: 2,
      },
      {
        title: 'List shipments at, bound for or routed through the port',
        ownerRole: 'MANAGER',
        dueOffsetHours: 4,
      },
      {
        title: 'Ask carriers for revised ETAs and alternative ports',
        ownerRole: 'MANAGER',
        dueOffsetHours: 8,
      },
      {
        title: 'Tell affected customers and sales of expected delays',
        ownerRole: 'ADMIN',
        dueOffsetHours: 12,
      },
      {
        title: 'Book alternative routing or air freight for critical orders',
        ownerRole: 'MANAGER',
        dueOffsetHours: 24,
        required: false,
      },
      {
        title: 'Review the plan and close it when flows are back to normal',
        ownerRole: 'ADMIN',
        dueOffsetHours: 72,
      },
    ],
  },
  {
    name: 'Supplier failure',
    incidentTypes: ['SUPPLIER_FAILURE', 'QUALITY', 'CYBER'],
    actions: [
      {
        title: 'Reach the supplier and confirm what is affected and for how long',
        ownerRole: 'MANAGER',
        dueOffsetHours: 4,
      },
      {
        title: 'Count inventory on hand and in transit for the affected parts',
        ownerRole: 'MANAGER',
        dueOffsetHours: 8,
      },
      {
        title: 'Identify and contact qualified alternative suppliers',
        ownerRole: 'MANAGER',
        dueOffsetHours: 24,
      },
      {
        title: 'Decide on allocation of remaining stock to customers',
        ownerRole: 'ADMIN',
        dueOffsetHours: 48,
      },
      {
        title: 'Start qualification of a second source',
        ownerRole: 'MANAGER',
        dueOffsetHours: 168,
        required: false,
      },
    ],
  },
  {
    name: 'Natural hazard',
    incidentTypes: ['NATURAL_HAZARD', 'WEATHER'],
    actions: [
      {
        title: 'Check the safety of staff at sites in the area',
        ownerRole: 'ADMIN',
        dueOffsetHours: 1,
      },
      {
        title: 'Confirm the status of exposed sites and suppliers',
        ownerRole: 'MANAGER',
        dueOffsetHours: 4,
      },
      {
        title: 'Hold or reroute shipments heading into the area',
        ownerRole: 'MANAGER',
        dueOffsetHours: 6,
      },
      {
        title: 'Assess damage and expected recovery time',
        ownerRole: 'MANAGER',
        dueOffsetHours: 48,
      },
      {
        title: 'Review lessons learned and update the plan',
        ownerRole: 'ADMIN',
        dueOffsetHours: 168,
        required: false,
      },
    ],
  },
];

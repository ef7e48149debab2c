import type { BadgeTone } from '@/components/ui/Badge';
import type { Criticality, ShipmentStatus, SiteKind } from '@meridian/contracts';

export const KIND_LABELS: Record<SiteKind, string> = {
  SUPPLIER: 'Supplier',
  OWN_FACILITY: 'Own facility',
  WAREHOUSE: 'Warehouse',
  PORT: 'Port',
  CUSTOMER: 'Customer',
};

export { CRITICALITY_LABELS } from '@meridian/contracts';

export const CRITICALITY_TONE: Record<Criticality, BadgeTone> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'slate',
};

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  PLANNED: 'Planned',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  DELAYED: 'Delayed',
};

export const SHIPMENT_STATUS_TONE: Record<ShipmentStatus, BadgeTone> = {
  PLANNED: 'slate',
  IN_TRANSIT: 'blue',
  DELIVERED: 'green',
  DELAYED: 'orange',
};

import { emailOf } from '../modules/alerts/channel-email.js';
import type { OutboundMessage } from '../modules/alerts/channel-types.js';

/**
 * An alert e-mail as Meridian renders it, about an incident with everything a brief can say: for
 * a browser test to picture its HTML part.
 */
export function sampleAlertEmail(): { subject: string; html: string; text: string } {
  const message: OutboundMessage = {
    deliveryId: '00000000-0000-4000-8000-000000000001',
    kind: 'EXPOSURE_NEW',
    severity: 'HIGH',
    title: '2 updates: Strike at Port Klang',
    lines: [
      'Now exposed: 2 sites (Northport, Westport terminal); 246 shipments (KL-1001, KL-1002, KL-1003 and 243 more)',
      'Priority P3 → P2; 248 of your sites and shipments exposed',
    ],
    url: 'https://meridian.example/admin/events/5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11',
    incidentId: '5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11',
    incident: {
      kind: 'Port congestion · In progress',
      place: '9 km W of Pelabuhan Klang, Malaysia',
      priority: 'P2',
      valueAtRisk: '$4,860,000',
      exposedNow: { sites: 2, shipments: 246 },
      topSites: [
        { name: 'Westport terminal', criticality: 'CRITICAL' },
        { name: 'Northport', criticality: 'HIGH' },
      ],
      plan: 'Port disruption · Active, 2 of 6 actions done',
      summary:
        'Dock workers at Westport and Northport stopped work at 06:00 over a pay dispute; vessels are waiting at anchor and the union expects the strike to last 48 hours.',
    },
    createdAt: new Date('2026-11-26T09:30:00Z'),
    threadRootId: '00000000-0000-4000-8000-000000000000',
    manageUrl: 'https://meridian.example/admin/notifications',
  };
  return emailOf(message);
}

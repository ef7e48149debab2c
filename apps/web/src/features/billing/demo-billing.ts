/** Demo billing data (spec part 3): nothing is charged or stored. */
export type InvoiceStatus = 'paid' | 'pending' | 'overdue';

export const DEMO_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For small teams watching a few routes.',
    price: 49,
    billingPeriod: 'month',
    features: ['5 members', 'Atlas monitoring', 'Email notifications'],
    recommended: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For operations teams that respond to events.',
    price: 99,
    billingPeriod: 'month',
    features: ['15 members', 'Response plans', 'Slack and Teams notifications'],
    recommended: true,
  },
  {
    id: 'enterprise-pro',
    name: 'Enterprise Pro',
    description: 'For organizations with global supply chains.',
    price: 149,
    billingPeriod: 'month',
    features: ['Unlimited members', 'AI agents', 'Integrations and audit logging'],
    recommended: false,
  },
] as const;

export const DEMO_INVOICES: readonly {
  id: string;
  date: string;
  amount: number;
  status: InvoiceStatus;
  description: string;
}[] = [
  {
    id: 'INV-2025-009',
    date: '2025-09-01',
    amount: 99,
    status: 'pending',
    description: 'Professional plan, September 2025',
  },
  {
    id: 'INV-2025-008',
    date: '2025-08-01',
    amount: 99,
    status: 'overdue',
    description: 'Professional plan, August 2025',
  },
  {
    id: 'INV-2025-007',
    date: '2025-07-01',
    amount: 99,
    status: 'paid',
    description: 'Professional plan, July 2025',
  },
  {
    id: 'INV-2025-006',
    date: '2025-06-01',
    amount: 49,
    status: 'paid',
    description: 'Starter plan, June 2025',
  },
];

export const DEMO_CARD = {
  type: 'Visa',
  lastFour: '4242',
  expiry: '12/27',
  cardholder: 'Jordan Avery',
} as const;

export const DEMO_BILLING_INFO = {
  companyName: 'Acme Logistics Inc.',
  billingAddress: '100 Harbor Way, Oakland, CA 94607, United States',
  companyEmail: 'billing@acme.example',
  taxId: 'US-94-1234567',
} as const;

import { PageContainer } from '@/components/layouts/PageContainer';
import { DetailList, DetailRow } from '@/components/settings/DetailList';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, type TableColumn } from '@/components/ui/Table';
import * as WEB_MESSAGES from '@/config/messages';
import { cn } from '@/utils/cn';
import { Building2, Check, CreditCard, Receipt } from 'lucide-react';
import { toast } from '@/lib/toast';
import {
  DEMO_BILLING_INFO,
  DEMO_CARD,
  DEMO_INVOICES,
  DEMO_PLANS,
  type InvoiceStatus,
} from '../demo-billing';

/** Paid green, pending yellow, overdue red (spec part 3: each status its own colour). */
const INVOICE_TONES = {
  paid: 'green',
  pending: 'yellow',
  overdue: 'red',
} as const satisfies Record<InvoiceStatus, BadgeTone>;

const INVOICE_COLUMNS: readonly TableColumn[] = [
  { label: 'Invoice', className: 'px-4 sm:px-6' },
  { label: 'Date', className: 'px-4' },
  { label: 'Description', className: 'px-4' },
  { label: 'Amount', className: 'px-4 text-right' },
  { label: 'Status', className: 'px-4 sm:pr-6' },
];

const money = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

const comingSoon = () => toast(WEB_MESSAGES.common.comingSoon);

function Plans() {
  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
      <h2 id="plans-heading" className="text-lg font-semibold text-foreground">
        Plans
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {DEMO_PLANS.map((plan) => (
          <li key={plan.id}>
            <Card
              className={cn(
                'flex h-full flex-col gap-4 p-5',
                plan.recommended && 'border-primary ring-1 ring-primary',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-foreground">{plan.name}</h3>
                {plan.recommended ? <Badge tone="blue">Recommended</Badge> : null}
              </div>
              <p className="text-sm text-muted-foreground">{plan.description}</p>
              <p className="text-foreground">
                <span className="text-3xl font-bold">{money(plan.price)}</span>
                <span className="text-sm text-muted-foreground"> per {plan.billingPeriod}</span>
              </p>
              <ul className="flex flex-1 flex-col gap-2 text-sm text-foreground">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button variant={plan.recommended ? 'primary' : 'secondary'} onClick={comingSoon}>
                Choose {plan.name}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invoices() {
  return (
    <SettingsSection title="Invoices" Icon={Receipt}>
      <Table
        look="ruled"
        columns={INVOICE_COLUMNS}
        scrollLabel="Invoice list"
        className="-mx-4 sm:-mx-6"
        tableClassName="min-w-[36rem]"
        bodyClassName="divide-y divide-border text-foreground"
      >
        {DEMO_INVOICES.map((invoice) => (
          <tr key={invoice.id}>
            <td className="px-4 py-3 font-mono whitespace-nowrap sm:px-6">{invoice.id}</td>
            <td className="px-4 py-3 whitespace-nowrap">{invoice.date}</td>
            <td className="px-4 py-3">{invoice.description}</td>
            <td className="px-4 py-3 text-right tabular-nums">{money(invoice.amount)}</td>
            <td className="px-4 py-3 sm:pr-6">
              <Badge tone={INVOICE_TONES[invoice.status]}>{invoice.status}</Badge>
            </td>
          </tr>
        ))}
      </Table>
    </SettingsSection>
  );
}

export function BillingPage() {
  return (
    <PageContainer>
      <PageHeader title="Billing & Plans" description="Your plan, invoices and payment details" />
      <p className="text-sm text-muted-foreground">
        <Badge tone="yellow" className="mr-2">
          Demo data
        </Badge>
        Billing is not connected: the plans, invoices and payment details below are examples.
      </p>
      <Plans />
      <Invoices />
      <div className="grid gap-6 md:grid-cols-2">
        <SettingsSection
          title="Payment method"
          Icon={CreditCard}
          actions={
            <Button variant="secondary" size="sm" onClick={comingSoon}>
              Update
            </Button>
          }
        >
          <DetailList>
            <DetailRow term="Card">
              {DEMO_CARD.type} ending in {DEMO_CARD.lastFour}
            </DetailRow>
            <DetailRow term="Expires">{DEMO_CARD.expiry}</DetailRow>
            <DetailRow term="Cardholder">{DEMO_CARD.cardholder}</DetailRow>
          </DetailList>
        </SettingsSection>
        <SettingsSection title="Billing information" Icon={Building2}>
          <DetailList>
            <DetailRow term="Company name">{DEMO_BILLING_INFO.companyName}</DetailRow>
            <DetailRow term="Billing address">{DEMO_BILLING_INFO.billingAddress}</DetailRow>
            <DetailRow term="Company email">{DEMO_BILLING_INFO.companyEmail}</DetailRow>
            <DetailRow term="Tax ID">{DEMO_BILLING_INFO.taxId}</DetailRow>
          </DetailList>
        </SettingsSection>
      </div>
    </PageContainer>
  );
}

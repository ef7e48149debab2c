import { PageContainer } from '@/components/layouts/PageContainer';
import { QueryState } from '@/components/QueryState';
import { DetailList, DetailRow } from '@/components/settings/DetailList';
import { SelectField } from '@/components/settings/SelectField';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { ToggleField } from '@/components/settings/ToggleField';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { PageHeader } from '@/components/ui/PageHeader';
import { PRODUCT_NAME } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { useAuth } from '@/lib/auth';
import { organizationAddress } from '@/entities/organization/organization-address';
import { useOrganization } from '@/entities/organization/organization-api';
import type { ReadOrganization } from '@/lib/readers';
import { optionsOf } from '@/lib/select-options';
import { useAdministersOrganization } from '@/lib/use-organization-admin';
import { usePlatformAdmin } from '@/lib/use-platform-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  INDUSTRIES,
  MONITORING_SCOPES,
  ORGANIZATION_TYPES,
  PlatformSettings,
  type FeatureFlag,
} from '@meridian/contracts';
import { Building2, Globe2, ToggleRight } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { usePlatformSettings } from '../api/get-platform-settings';
import { useSavePlatformSettings } from '../api/save-platform-settings';
import { ApiKeysSection } from './ApiKeysSection';
import { BackgroundWorkSection } from './BackgroundWorkSection';
import { CurrencySection } from './CurrencySection';
import { DataSourcesSection } from './DataSourcesSection';
import { IntegrationsSection } from './IntegrationsSection';
import { NotificationDefaultsSection } from './NotificationDefaultsSection';
import * as WEB_MESSAGES from '@/config/messages';

const FEATURES = {
  atlasMonitoring: ['Atlas Monitoring', 'The world map of shipments and incidents.'],
  eventAnalysis: ['Event Analysis', 'Insights and analysis of events.'],
  planExecution: ['Plan Execution', 'Response plans and their actions.'],
  aiAgents: ['AI Agents', 'Automated assistants that suggest responses.'],
  notifications: ['Notifications', 'Alerts to members about events.'],
  reporting: ['Reporting', 'Reports and memos for stakeholders.'],
  integrations: ['Integrations', 'Connections to outside systems.'],
  auditLogging: ['Audit Logging', 'A record of every administrative change.'],
} as const satisfies Record<FeatureFlag, readonly [string, string]>;

const orDash = (value: string | null) => value?.trim() || '—';

function OrganizationDetails({ organization }: { organization: ReadOrganization }) {
  return (
    <DetailList>
      <DetailRow term="Name">{organization.name}</DetailRow>
      <DetailRow term="Domain">{orDash(organization.domain)}</DetailRow>
      <DetailRow term="Website">{orDash(organization.website)}</DetailRow>
      <DetailRow term="Phone">{orDash(organization.phone_number)}</DetailRow>
      <DetailRow term="Address">{orDash(organizationAddress(organization))}</DetailRow>
    </DetailList>
  );
}

function PlatformForm({ settings, editable }: { settings: PlatformSettings; editable: boolean }) {
  const save = useSavePlatformSettings();
  const form = useForm<PlatformSettings>({
    resolver: zodResolver(PlatformSettings),
    values: settings,
  });
  const disabled = !editable;
  return (
    <form
      aria-label="Platform settings"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-6"
    >
      <SettingsSection title="Organization profile" Icon={Building2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="organizationType"
            label="Organization type"
            options={optionsOf(ORGANIZATION_TYPES)}
            disabled={disabled}
          />
          <SelectField
            control={form.control}
            name="industry"
            label="Industry"
            options={optionsOf(INDUSTRIES)}
            disabled={disabled}
          />
        </div>
      </SettingsSection>
      <SettingsSection
        title="Geographic configuration"
        description="Where your organization monitors supply-chain risk."
        Icon={Globe2}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="monitoringScope"
            label="Monitoring scope"
            options={optionsOf(MONITORING_SCOPES)}
            disabled={disabled}
          />
          <FormField label="Regions" optional error={form.formState.errors.regions?.message}>
            <Input
              placeholder="e.g. North America, Western Europe"
              disabled={disabled}
              {...form.register('regions')}
            />
          </FormField>
        </div>
      </SettingsSection>
      <SettingsSection
        title="Features"
        description={`The parts of ${PRODUCT_NAME} your organization uses.`}
        Icon={ToggleRight}
      >
        <div className="grid gap-x-8 md:grid-cols-2">
          {Object.entries(FEATURES).map(([flag, [label, description]]) => (
            <ToggleField
              key={flag}
              control={form.control}
              name={`features.${flag as FeatureFlag}`}
              label={label}
              description={description}
              disabled={disabled}
            />
          ))}
        </div>
      </SettingsSection>
      <SettingsFormFooter
        dirty={form.formState.isDirty}
        saving={save.isPending}
        readOnlyReason={editable ? undefined : WEB_MESSAGES.settings.adminOnly}
      />
    </form>
  );
}

export function PlatformSetupPage() {
  const { user } = useAuth();
  const organizationId = useActiveOrganizationId() ?? user?.organizationId ?? '';
  const organization = useOrganization(organizationId);
  const settings = usePlatformSettings();
  const editable = useAdministersOrganization();
  const platformAdmin = usePlatformAdmin();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Platform Setup"
        description="Organization information, geography, features and integrations"
      />
      <SettingsSection title="Organization information" Icon={Building2}>
        <QueryState query={organization} loadingLabel="Loading organization...">
          {(data) => <OrganizationDetails organization={data} />}
        </QueryState>
      </SettingsSection>
      <QueryState query={settings} loadingLabel="Loading platform settings...">
        {(data) => <PlatformForm settings={data} editable={editable} />}
      </QueryState>
      <CurrencySection editable={editable} />
      {editable ? (
        <>
          <IntegrationsSection />
          <NotificationDefaultsSection />
          <ApiKeysSection />
        </>
      ) : null}
      {platformAdmin ? (
        <>
          <DataSourcesSection />
          <BackgroundWorkSection />
        </>
      ) : null}
    </PageContainer>
  );
}

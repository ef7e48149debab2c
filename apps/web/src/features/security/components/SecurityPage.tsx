import { PageContainer } from '@/components/layouts/PageContainer';
import { QueryState } from '@/components/QueryState';
import { DetailList, DetailRow } from '@/components/settings/DetailList';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { ToggleField } from '@/components/settings/ToggleField';
import { Badge } from '@/components/ui/Badge';
import { PageHeader } from '@/components/ui/PageHeader';
import { SESSION_TIMEOUT_TEXT } from '@/config/constants';
import { SETTINGS_MESSAGES } from '@/config/messages';
import { useMyProfile } from '@/lib/my-profile';
import { useAdministersOrganization } from '@/lib/use-organization-admin';
import { formatDateTime } from '@/utils/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { SecuritySettings, type Profile } from '@meridian/contracts';
import { Building2, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSecuritySettings } from '../api/get-security-settings';
import { useSaveSecuritySettings } from '../api/save-security-settings';

const LOGIN_METHODS = {
  PASSWORD: 'Email and password',
  GOOGLE: 'Single sign-on (Google)',
} as const satisfies Record<Profile['loginMethod'], string>;

const TOGGLES = [
  {
    name: 'userAccess',
    label: 'User access',
    description: 'Members of the organization can sign in and use the workspace.',
  },
  {
    name: 'memberRequests',
    label: 'Member requests',
    description: 'People can ask to join the organization.',
  },
  {
    name: 'externalAccess',
    label: 'External access',
    description: 'Users outside the organization may be given access.',
  },
  {
    name: 'sessionTimeout',
    label: 'Session timeout',
    description: `Sign users out after ${SESSION_TIMEOUT_TEXT}.`,
  },
  {
    name: 'ipWhitelist',
    label: 'IP whitelist',
    description: 'Only allow sign-ins from approved IP addresses.',
  },
  {
    name: 'auditLogging',
    label: 'Audit logging',
    description: 'Record every administrative change.',
  },
] as const satisfies readonly {
  name: keyof SecuritySettings;
  label: string;
  description: string;
}[];

function Authentication({ profile }: { profile: Profile }) {
  return (
    <DetailList>
      <DetailRow term="Login method">{LOGIN_METHODS[profile.loginMethod]}</DetailRow>
      <DetailRow term="Last password change">
        {profile.passwordChangedAt ? formatDateTime(profile.passwordChangedAt) : 'Never'}
      </DetailRow>
      <DetailRow term="Two-factor authentication">
        <Badge tone="slate">Off</Badge>
      </DetailRow>
    </DetailList>
  );
}

function OrganizationSecurityForm({
  settings,
  editable,
}: {
  settings: SecuritySettings;
  editable: boolean;
}) {
  const save = useSaveSecuritySettings();
  const form = useForm<SecuritySettings>({
    resolver: zodResolver(SecuritySettings),
    values: settings,
  });
  return (
    <form
      aria-label="Organization security"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col divide-y divide-border">
        {TOGGLES.map((toggle) => (
          <ToggleField key={toggle.name} control={form.control} disabled={!editable} {...toggle} />
        ))}
      </div>
      <SettingsFormFooter
        dirty={form.formState.isDirty}
        saving={save.isPending}
        readOnlyReason={editable ? undefined : SETTINGS_MESSAGES.adminOnly}
      />
    </form>
  );
}

export function SecurityPage() {
  const profile = useMyProfile();
  const settings = useSecuritySettings();
  const editable = useAdministersOrganization();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Security" description="Sign-in and organizational access settings" />
      <SettingsSection title="Authentication" Icon={KeyRound}>
        <QueryState query={profile} loadingLabel="Loading profile...">
          {(data) => <Authentication profile={data} />}
        </QueryState>
      </SettingsSection>
      <SettingsSection
        title="Organization security"
        description="Applies to everyone in your organization."
        Icon={Building2}
      >
        <QueryState query={settings} loadingLabel="Loading security settings...">
          {(data) => <OrganizationSecurityForm settings={data} editable={editable} />}
        </QueryState>
      </SettingsSection>
    </PageContainer>
  );
}

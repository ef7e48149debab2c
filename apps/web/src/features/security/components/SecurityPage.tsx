import { PageContainer } from '@/components/layouts/PageContainer';
import { QueryState } from '@/components/QueryState';
import { DetailList, DetailRow } from '@/components/settings/DetailList';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { ToggleField } from '@/components/settings/ToggleField';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { PageHeader } from '@/components/ui/PageHeader';
import { SESSION_TIMEOUT_TEXT } from '@/config/constants';
import { useMyProfile } from '@/lib/my-profile';
import { useAdministersOrganization } from '@/lib/use-organization-admin';
import { formatDateTime } from '@/utils/format';
import { IP_ALLOW_LIST_MAX, type Profile, type SecuritySettings } from '@meridian/contracts';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Building2, KeyRound, Unlink } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSecuritySettings } from '../api/get-security-settings';
import { useSaveSecuritySettings } from '../api/save-security-settings';
import { useUnlinkGoogle } from '../api/unlink-google';
import * as WEB_MESSAGES from '@/config/messages';

const LOGIN_METHODS = {
  PASSWORD: 'Email and password',
  GOOGLE: 'Single sign-on (Google)',
  PASSWORD_AND_GOOGLE: 'Email and password, or Google',
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
    description: "People can ask for an account at the organization's email domain.",
  },
  {
    name: 'externalAccess',
    label: 'External access',
    description: 'Users may sign in with Google.',
  },
  {
    name: 'sessionTimeout',
    label: 'Session timeout',
    description: `Sign users out after ${SESSION_TIMEOUT_TEXT}.`,
  },
  {
    name: 'ipWhitelist',
    label: 'IP whitelist',
    description: 'Only allow access from approved IP addresses.',
  },
  {
    name: 'auditLogging',
    label: 'Audit logging',
    description: 'Record every administrative change.',
  },
  {
    name: 'requireTwoFactor',
    label: 'Require two-factor authentication',
    description:
      'Members who sign in with a password must set up an authenticator app (Google sign-in is exempt).',
  },
] as const satisfies readonly {
  name: keyof SecuritySettings;
  label: string;
  description: string;
}[];

function GoogleLink({ profile }: { profile: Profile }) {
  const unlink = useUnlinkGoogle();
  const [confirming, setConfirming] = useState(false);
  if (!profile.googleLinkedAt) return <>Not linked</>;
  return (
    <span className="flex flex-wrap items-center gap-3">
      <span>Linked {formatDateTime(profile.googleLinkedAt)}</span>
      {profile.loginMethod === 'PASSWORD_AND_GOOGLE' ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={unlink.isPending}
          onClick={() => setConfirming(true)}
        >
          <Unlink aria-hidden="true" className="size-4" /> Unlink Google
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unlink your Google account?"
        description="You will sign in with your email and password. Sessions signed in with Google on other devices end. Signing in with Google later asks for your password once to link it again."
        confirmLabel="Unlink Google"
        confirmVariant="destructive"
        onConfirm={() => unlink.mutate()}
      />
    </span>
  );
}

function Authentication({ profile }: { profile: Profile }) {
  return (
    <DetailList>
      <DetailRow term="Login method">{LOGIN_METHODS[profile.loginMethod]}</DetailRow>
      <DetailRow term="Google account">
        <GoogleLink profile={profile} />
      </DetailRow>
      <DetailRow term="Last password change">
        {profile.passwordChangedAt ? formatDateTime(profile.passwordChangedAt) : 'Never'}
      </DetailRow>
      <DetailRow term="Two-factor authentication">
        {profile.twoFactor.enabled ? (
          <Badge tone="green">On</Badge>
        ) : (
          <Badge tone="slate">Off</Badge>
        )}
      </DetailRow>
    </DetailList>
  );
}

/** The allow list is edited as text, one address or range a line. */
type SecurityFormValues = Omit<SecuritySettings, 'ipAllowList'> & { ipAllowList: string };

const toForm = (settings: SecuritySettings): SecurityFormValues => ({
  ...settings,
  ipAllowList: settings.ipAllowList.join('\n'),
});

const fromForm = (values: SecurityFormValues): SecuritySettings => ({
  ...values,
  ipAllowList: values.ipAllowList
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean),
});

function OrganizationSecurityForm({
  settings,
  editable,
}: {
  settings: SecuritySettings;
  editable: boolean;
}) {
  const save = useSaveSecuritySettings();
  // The server checks every rule (ranges, size, not locking the admin out) and says why.
  const values = useMemo(() => toForm(settings), [settings]);
  const form = useForm<SecurityFormValues>({ values });
  const allowListOn = useWatch({ control: form.control, name: 'ipWhitelist' });
  const listId = useId();
  return (
    <form
      aria-label="Organization security"
      onSubmit={form.handleSubmit((values) => save.mutate(fromForm(values)))}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col divide-y divide-border">
        {TOGGLES.map((toggle) => (
          <ToggleField key={toggle.name} control={form.control} disabled={!editable} {...toggle} />
        ))}
      </div>
      {allowListOn || settings.ipAllowList.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={listId} className="text-sm font-medium text-foreground">
            Allowed IP addresses
          </label>
          <p id={`${listId}-hint`} className="text-xs text-muted-foreground">
            One IPv4 or IPv6 address or CIDR range per line (for example 203.0.113.0/24), at most{' '}
            {IP_ALLOW_LIST_MAX}. Include your own address: the server refuses a list that would lock
            you out.
          </p>
          <textarea
            id={listId}
            aria-describedby={`${listId}-hint`}
            rows={5}
            spellCheck={false}
            disabled={!editable}
            placeholder={'203.0.113.0/24\n2001:db8::/32'}
            className="w-full rounded-md border border-input bg-surface px-3 py-2 font-mono text-sm text-foreground shadow-xs placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
            {...form.register('ipAllowList')}
          />
        </div>
      ) : null}
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <SettingsFormFooter
        dirty={form.formState.isDirty}
        saving={save.isPending}
        readOnlyReason={editable ? undefined : WEB_MESSAGES.settings.adminOnly}
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

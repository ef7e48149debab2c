import { PageContainer } from '@/components/layouts/PageContainer';
import { QueryState } from '@/components/QueryState';
import { DetailList, DetailRow } from '@/components/settings/DetailList';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import * as WEB_MESSAGES from '@/config/messages';
import { useMyProfile } from '@/lib/my-profile';
import { initials } from '@/utils/format';
import type { Profile } from '@meridian/contracts';
import {
  KeyRound,
  MonitorSmartphone,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { EnableTwoFactorDialog } from './EnableTwoFactorDialog';
import { NameEditor } from './NameEditor';
import { PreferencesForm } from './PreferencesForm';
import { SessionsDialog } from './SessionsDialog';

const comingSoon = () => toast(WEB_MESSAGES.common.comingSoon);

function PersonalInformation({ profile }: { profile: Profile }) {
  const { user } = profile;
  return (
    <SettingsSection title="Personal information" Icon={UserRound}>
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="flex flex-row items-center gap-4 md:flex-col md:items-center">
          <span
            aria-hidden="true"
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-sky-700 text-2xl font-semibold text-white dark:bg-sky-500 dark:text-slate-950"
          >
            {initials(user)}
          </span>
          <Button variant="secondary" size="sm" onClick={comingSoon}>
            Upload Image
          </Button>
        </div>
        <div className="min-w-0 flex-1">
          <DetailList>
            <DetailRow term="Full name">
              <NameEditor user={user} />
            </DetailRow>
            <DetailRow term="Email">
              <span className="break-all">{user.email}</span>
              <Badge tone="green">Verified</Badge>
            </DetailRow>
            <DetailRow term="Role">{user.adminRole.toLowerCase()}</DetailRow>
            <DetailRow term="Account status">
              <Badge tone="green">Active</Badge>
            </DetailRow>
          </DetailList>
        </div>
      </div>
    </SettingsSection>
  );
}

function AccountSecurity({ twoFactor }: { twoFactor: Profile['twoFactor'] }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const [viewingSessions, setViewingSessions] = useState(false);
  const [enablingTwoFactor, setEnablingTwoFactor] = useState(false);
  const [disablingTwoFactor, setDisablingTwoFactor] = useState(false);
  const actions = [
    {
      label: 'Change Password',
      description: 'Choose a new password; your other devices are signed out.',
      Icon: KeyRound,
      onClick: () => setChangingPassword(true),
    },
    twoFactor.enabled
      ? {
          label: 'Disable',
          description: (
            <>
              <Badge tone="green">2FA on</Badge> Sign-in asks for a code from your authenticator
              app. {recoveryCodesLeft(twoFactor.recoveryCodesLeft)}
            </>
          ),
          Icon: ShieldCheck,
          onClick: () => setDisablingTwoFactor(true),
        }
      : {
          label: 'Enable 2FA',
          description: 'Add a second step to signing in.',
          Icon: ShieldCheck,
          onClick: () => setEnablingTwoFactor(true),
        },
    {
      label: 'Manage Sessions',
      description: 'See where you are signed in and sign devices out.',
      Icon: MonitorSmartphone,
      onClick: () => setViewingSessions(true),
    },
  ];
  return (
    <SettingsSection title="Account security" Icon={ShieldCheck}>
      <ul className="flex flex-col divide-y divide-border">
        {actions.map(({ label, description, Icon, onClick }) => (
          <li key={label} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex min-w-0 items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={onClick}>
              {label}
            </Button>
          </li>
        ))}
      </ul>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <SessionsDialog open={viewingSessions} onOpenChange={setViewingSessions} />
      <EnableTwoFactorDialog open={enablingTwoFactor} onOpenChange={setEnablingTwoFactor} />
      <DisableTwoFactorDialog open={disablingTwoFactor} onOpenChange={setDisablingTwoFactor} />
    </SettingsSection>
  );
}

const recoveryCodesLeft = (left: number) =>
  left === 0 ? 'No recovery codes left.' : `${left} recovery code${left === 1 ? '' : 's'} left.`;

export function ProfilePage() {
  const profile = useMyProfile();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="User Profile" description="Your name, contact details and preferences" />
      <QueryState query={profile} loadingLabel="Loading profile...">
        {(data) => (
          <>
            <PersonalInformation profile={data} />
            <SettingsSection
              title="Preferences"
              description="Saved with your account, so they follow you to any browser."
              Icon={SlidersHorizontal}
            >
              <PreferencesForm profile={data} />
            </SettingsSection>
            <AccountSecurity twoFactor={data.twoFactor} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

import { PageContainer } from '@/components/layouts/PageContainer';
import { PageHeader } from '@/components/ui/PageHeader';
import { InviteForm } from './InviteForm';
import { TeamMemberList } from './TeamMemberList';

export function TeamMembersPage() {
  return (
    <PageContainer>
      <PageHeader title="Team Members" description="Invite people and manage their access" />
      <InviteForm />
      <TeamMemberList />
    </PageContainer>
  );
}

import { PageContainer } from '@/components/layouts/PageContainer';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import * as WEB_MESSAGES from '@/config/messages';
import { Plus, UsersRound } from 'lucide-react';
import { toast } from '@/lib/toast';
import { DEMO_GROUPS } from '../demo-groups';

export function TeamGroupsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Team Groups"
        description="Groups of members and their permissions"
        actions={
          <Button onClick={() => toast(WEB_MESSAGES.common.comingSoon)}>
            <Plus aria-hidden="true" className="size-4" />
            Create Group
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground">
        <Badge tone="yellow" className="mr-2">
          Demo data
        </Badge>
        These groups are examples; groups are not stored yet.
      </p>
      <ul aria-label="Groups" className="grid gap-4 md:grid-cols-2">
        {DEMO_GROUPS.map((group) => (
          <li key={group.id}>
            <Card className="flex h-full flex-col gap-4 p-5">
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 items-start gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                    <UsersRound aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <h2 className="font-semibold text-foreground">{group.name}</h2>
                    <p className="text-sm text-muted-foreground">{group.description}</p>
                  </div>
                </div>
                <Badge tone="slate" className="shrink-0">
                  {group.memberCount} members
                </Badge>
              </div>
              <ul aria-label={`Permissions of ${group.name}`} className="flex flex-wrap gap-2">
                {group.permissions.map((permission) => (
                  <li key={permission}>
                    <Badge tone="blue" className="font-mono">
                      {permission}
                    </Badge>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}

import { Construction } from 'lucide-react';
import { PageContainer } from './layouts/PageContainer';
import { Card } from './ui/Card';
import { PageHeader } from './ui/PageHeader';

/** A screen whose content is still being built: its title, and a note saying so. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <Construction aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">This screen is being built.</p>
      </Card>
    </PageContainer>
  );
}

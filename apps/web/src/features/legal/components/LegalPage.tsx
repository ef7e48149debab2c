import { BrandMark } from '@/components/BrandMark';
import { ThemeToggle } from '@/components/ThemeToggle';
import { LEGAL_LAST_UPDATED } from '@/config/constants';
import { paths } from '@/config/paths';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type LegalSection = { heading: string; body: ReactNode };

/** A static legal document: title, last-updated date, sections and a contact address. */
export function LegalPage({
  title,
  sections,
  contactEmail,
}: {
  title: string;
  sections: readonly LegalSection[];
  contactEmail: string;
}) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3 sm:px-6">
          <Link
            to={paths.login.getHref()}
            className="rounded-md text-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <BrandMark />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Link
          to={paths.login.getHref()}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {LEGAL_LAST_UPDATED}</p>
        <div className="mt-8 flex flex-col gap-8">
          {sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-lg font-semibold">{section.heading}</h2>
              <div className="mt-2 flex flex-col gap-3 text-sm leading-relaxed text-muted-foreground">
                {section.body}
              </div>
            </section>
          ))}
          <section>
            <h2 className="text-lg font-semibold">Contact</h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              Questions about this document can be sent to{' '}
              <a
                href={`mailto:${contactEmail}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {contactEmail}
              </a>
              .
            </p>
          </section>
        </div>
      </main>
    </div>
  );
}

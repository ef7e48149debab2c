import { BrandMark } from '@/components/BrandMark';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the public sign-in screens: brand, one centred card, legal links. */
export function AuthLayout({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  /** A wider card, for a step with a QR code beside its text. */
  wide?: boolean;
}) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-radial-[ellipse_at_top] from-sky-500/15 to-transparent to-60%"
      />
      <header className="relative flex items-center justify-between px-4 py-4 sm:px-8">
        <Link
          to={paths.login.getHref()}
          className="rounded-md text-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <BrandMark />
        </Link>
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <div
          className={`w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded-xl border border-border bg-surface p-6 shadow-lg sm:p-8`}
        >
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="relative flex justify-center gap-6 px-4 pb-6 text-sm text-muted-foreground">
        <Link
          className="underline-offset-4 hover:text-foreground hover:underline"
          to={paths.privacy.getHref()}
        >
          Privacy Policy
        </Link>
        <Link
          className="underline-offset-4 hover:text-foreground hover:underline"
          to={paths.terms.getHref()}
        >
          Terms of Service
        </Link>
      </footer>
    </div>
  );
}

/** Below a step that must be done before anything else: the way out is signing out. */
export function SignOutFooter({ prompt, onSignOut }: { prompt: string; onSignOut: () => void }) {
  return (
    <div className="mt-6 border-t border-border pt-4 text-center text-sm text-muted-foreground">
      {prompt}{' '}
      <Button variant="ghost" size="sm" onClick={onSignOut}>
        Sign out
      </Button>
    </div>
  );
}

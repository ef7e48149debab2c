import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { useGoogleCallback } from '../hooks/use-google-callback';
import { GoogleLinkForm } from './GoogleLinkForm';

/** Where Google sends the browser back; it exchanges the code once, then moves on. */
export function GoogleCallbackPage() {
  const state = useGoogleCallback();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4">
      <div className="w-full max-w-sm rounded-xl border border-border bg-surface p-8 text-center shadow-lg">
        {state.status === 'link' ? (
          <GoogleLinkForm challenge={state.challenge} />
        ) : state.status === 'working' ? (
          <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
            <Spinner className="size-8 text-primary" />
            <h1 className="text-lg font-semibold">Completing Google Sign In</h1>
            <p className="text-sm text-muted-foreground">This only takes a moment.</p>
          </div>
        ) : (
          <div role="alert" className="flex flex-col items-center gap-4">
            <CircleX aria-hidden="true" className="size-8 text-danger-text" />
            <h1 className="text-lg font-semibold">Authentication Failed</h1>
            <p className="text-sm break-words text-muted-foreground">{state.message}</p>
            <Link
              to={paths.login.getHref()}
              replace
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Return to login page
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}

import type { AuthResponse, User } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '@/lib/toast';
import { setActiveOrganizationId } from './active-organization';
import { authenticatedRequest, publicRequest } from './api-client';
import { lazySchema, preloadSchemas } from './lazy-schema';
import { myProfileQuery } from './my-profile';
import { useTheme } from './theme';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  hasStoredSession,
  storeTokens,
  subscribeToSession,
} from './auth-tokens';
import * as WEB_MESSAGES from '@/config/messages';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: User }
  | { status: 'signedOut'; user: null };

type AuthContextValue = AuthState & {
  /** Stores the tokens of a login or Google reply and signs the user in. */
  signIn: (reply: AuthResponse) => void;
  /** Clears the session here at once and revokes the refresh token on the server. */
  signOut: () => void;
  replaceUser: (user: User) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

async function validateStoredSession(): Promise<User> {
  const reply = await authenticatedRequest('/auth/validate', {
    method: 'POST',
    schema: lazySchema('ValidateResponse'),
    fallbackMessage: WEB_MESSAGES.auth.validationFailed,
    malformedMessage: WEB_MESSAGES.auth.validationFailed,
  });
  return reply.user;
}

let restoringSession: Promise<User | null> | null = null;

/**
 * Whether this page is being left. Leaving (a reload, a typed address) aborts the validation in
 * flight, and that failure says nothing about the tokens: clearing them then would sign the
 * user out of the page being opened. A page restored from the back-forward cache is back.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** Validates the stored tokens once per page load, even when effects run twice. */
function restoreSession(): Promise<User | null> {
  restoringSession ??= (async () => {
    if (!hasStoredSession()) {
      clearTokens();
      return null;
    }
    preloadSchemas(); // fetched alongside the validation, which needs them for its reply
    try {
      return await validateStoredSession();
    } catch {
      if (!leaving) clearTokens();
      return null;
    }
  })();
  return restoringSession;
}

function revokeOnServer(accessToken: string, refreshToken: string | null): Promise<unknown> {
  return publicRequest('/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
    body: refreshToken ? { refreshToken } : {},
    schema: lazySchema('MessageResponse'),
    fallbackMessage: 'Logout failed',
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const statusRef = useRef(state.status);
  useEffect(() => {
    statusRef.current = state.status;
  }, [state.status]);

  useEffect(() => {
    let active = true;
    void restoreSession().then((user) => {
      if (!active) return;
      setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null });
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () =>
      subscribeToSession({
        onEnded: () => {
          if (statusRef.current === 'signedIn') toast.error(WEB_MESSAGES.auth.authenticationFailed);
          setActiveOrganizationId(null);
          queryClient.clear();
          setState({ status: 'signedOut', user: null });
        },
        onUserRefreshed: (user) =>
          setState((previous) =>
            previous.status === 'signedIn' ? { status: 'signedIn', user } : previous,
          ),
      }),
    [queryClient],
  );

  const { setPreference } = useTheme();
  const signIn = useCallback(
    (reply: AuthResponse) => {
      storeTokens(reply.accessToken, reply.refreshToken);
      queryClient.clear();
      setState({ status: 'signedIn', user: reply.user });
      // The theme the user saved follows them to this browser; without one, the browser's stays.
      void queryClient
        .fetchQuery(myProfileQuery)
        .then((profile) => {
          if (profile.preferencesSaved) setPreference(profile.preferences.theme);
        })
        .catch(() => undefined);
    },
    [queryClient, setPreference],
  );

  const signOut = useCallback(() => {
    const accessToken = getAccessToken();
    const refreshToken = getRefreshToken();
    clearTokens();
    // The next person on this browser must not act as this user's organization.
    setActiveOrganizationId(null);
    queryClient.clear();
    setState({ status: 'signedOut', user: null });
    if (accessToken) void revokeOnServer(accessToken, refreshToken).catch(() => undefined);
  }, [queryClient]);

  const replaceUser = useCallback((user: User) => setState({ status: 'signedIn', user }), []);

  const value = useMemo(
    () => ({ ...state, signIn, signOut, replaceUser }),
    [state, signIn, signOut, replaceUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}

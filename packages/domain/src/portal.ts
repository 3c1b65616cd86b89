import { z } from 'zod';

/**
 * The external portal of spec 000 section 2 (decision 067): a user with this experimental feature flag sees a
 * side-menu link to the portal. Clicking it asks the server for a short-lived, single-purpose signed token and
 * opens the environment's portal URL with it; the session token never goes into a URL.
 */
export const PORTAL_FLAG = 'portal';
/** The token's purpose, signed with it: a token made for another purpose is no portal token. */
export const PORTAL_TOKEN_PURPOSE = 'portal';
/** Seconds a portal token lives. */
export const PORTAL_TOKEN_SECONDS = 300;
/** The query parameter the portal URL carries the token in. */
export const PORTAL_TOKEN_PARAM = 'token';

/** POST /api/user/portaltoken: the portal address to open, token included, and when the token expires. */
export const zPortalLink = z.object({
  url: z.string().url(),
  token: z.string(),
  expires_at: z.string(),
});
export type PortalLink = z.infer<typeof zPortalLink>;

/** What a portal token says once its signature is checked. */
export interface PortalTokenClaims {
  purpose: typeof PORTAL_TOKEN_PURPOSE;
  user_id: number;
  company_id: number;
  /** Seconds since 1970, issued and expiring. */
  iat: number;
  exp: number;
}

export const PORTAL_TEXTS = {
  notEnabled: 'Het portaal staat niet aan voor je account.',
  notConfigured: 'Het portaal is voor deze omgeving niet ingesteld.',
} as const;

export function hasPortalFlag(flags: readonly string[]): boolean {
  return flags.includes(PORTAL_FLAG);
}

/**
 * Experimental feature flags a platform administrator may set on a user (spec 000 section 2; decision 067:
 * `portal` shows the 'Portaal' link in the side menu). One list for server and web.
 */
export const EXPERIMENTAL_FEATURE_FLAGS = [PORTAL_FLAG] as const;
export type ExperimentalFeatureFlag = (typeof EXPERIMENTAL_FEATURE_FLAGS)[number];
export const EXPERIMENTAL_FEATURE_FLAG_LABELS: Record<ExperimentalFeatureFlag, string> = {
  portal: 'Portaal (link in het zijmenu)',
};

// What every linked provider shares (decisions 065, 070): how its token is had and renewed, and how its API is
// called. The accounting packages and the calendars extend it with what they offer.
import type { Config } from '../../platform/config';
import type { OAuthEndpoints } from '../../platform/integrations/oauth';

/**
 * How the app gets a token of the package: the OAuth 2.0 code flow with a consent window (Exact Online), or a
 * key the customer makes in the package and pastes here, exchanged for a token (SnelStart's koppelsleutel,
 * decision 068). `keyPageUrl`: where the customer makes the key (the link window opens it).
 */
export type ProviderAuth =
  | { kind: 'oauth'; endpoints: Omit<OAuthEndpoints, 'redirectUri'> }
  | { kind: 'clientkey'; tokenUrl: string; keyPageUrl: string };

export interface LinkedProvider {
  service: string;
  /** null when the server has no app registered with the provider. */
  auth(config: Config): ProviderAuth | null;
  apiBase(config: Config): string;
  /** Headers every API call carries besides the token. */
  apiHeaders(config: Config): Record<string, string>;
  errorText(body: unknown): string | null;
}

import type { Config } from '../../config.ts';

/**
 * Google's OAuth 2.0 endpoints and the three YouTube Data API v3 calls chat posting needs
 * (integrations.md §F.6). Nothing here logs, and no error carries a token or a raw body.
 */

/** The narrowest scope that lets a channel post to its own live chat (liveChatMessages.insert). */
export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.force-ssl';
const TIMEOUT_MS = 10_000;

export type GoogleTokens = {
  accessToken: string;
  /** Only the first exchange (access_type=offline, prompt=consent) returns one. */
  refreshToken: string | null;
  expiresAt: Date;
};

/** Google's OAuth endpoint refused (`invalid_grant`: the code or refresh token is dead). */
export class GoogleOAuthError extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
  ) {
    super(`Google OAuth answered ${status} ${error}`);
    this.name = 'GoogleOAuthError';
  }
}

/** A YouTube Data API error: the HTTP status and the first `errors[].reason`. */
export class YoutubeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`YouTube answered ${status} ${reason}`);
    this.name = 'YoutubeApiError';
  }

  /** Worth another try later: the network, 5xx, or YouTube asking us to slow down. */
  get isTransient(): boolean {
    return this.status >= 500 || this.status === 429 || this.reason === 'rateLimitExceeded';
  }
}

export type YoutubeEndpoints = {
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  apiBase: string;
};

/** Google's real hosts, or one origin serving them all (GOOGLE_OAUTH_BASE, a local fake). */
export function youtubeEndpointsOf(config: Config): YoutubeEndpoints {
  const oauthBase = config.GOOGLE_OAUTH_BASE?.replace(/\/$/, '');
  return {
    authUrl: `${oauthBase ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
    tokenUrl: `${oauthBase ?? 'https://oauth2.googleapis.com'}/token`,
    revokeUrl: `${oauthBase ?? 'https://oauth2.googleapis.com'}/revoke`,
    apiBase: `${config.YOUTUBE_API_BASE?.replace(/\/$/, '') ?? 'https://www.googleapis.com'}/youtube/v3`,
  };
}

export class YoutubeClient {
  constructor(
    private readonly endpoints: YoutubeEndpoints,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /** Google's consent page for this creator: authorization code flow with PKCE (S256). */
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(this.endpoints.authUrl);
    url.search = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: YOUTUBE_SCOPE,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      // A refresh token, so tips can be posted hours later without the creator present.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    }).toString();
    return url.toString();
  }

  /** Trades the code Google sent back (with the PKCE verifier) for tokens. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<GoogleTokens> {
    return this.tokenRequest({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
    });
  }

  /** A fresh access token; GoogleOAuthError `invalid_grant` when access was revoked. */
  refresh(refreshToken: string): Promise<GoogleTokens> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes the grant at Google (best effort: the caller forgets the tokens either way). */
  async revoke(token: string): Promise<void> {
    await fetch(this.endpoints.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  /** channels.list mine=true (1 unit): the channel the creator signed in with, or null. */
  async myChannel(accessToken: string): Promise<{ id: string; title: string } | null> {
    const body = await this.api<{ items?: Array<{ id?: string; snippet?: { title?: string } }> }>(
      accessToken,
      'GET',
      '/channels?part=snippet&mine=true',
    );
    const channel = body.items?.[0];
    if (!channel?.id) return null;
    return { id: channel.id, title: channel.snippet?.title ?? channel.id };
  }

  /**
   * liveBroadcasts.list (1 unit) with broadcastStatus=active, which lists the signed-in
   * channel's broadcasts (the API takes exactly one filter): the live chat id, or null.
   */
  async activeLiveChatId(accessToken: string): Promise<string | null> {
    const body = await this.api<{ items?: Array<{ snippet?: { liveChatId?: string } }> }>(
      accessToken,
      'GET',
      '/liveBroadcasts?part=snippet&broadcastStatus=active&broadcastType=all&maxResults=5',
    );
    const live = body.items?.find((item) => item.snippet?.liveChatId);
    return live?.snippet?.liveChatId ?? null;
  }

  /** liveChatMessages.insert: a text message from the channel into its live chat. */
  async insertMessage(accessToken: string, liveChatId: string, text: string): Promise<void> {
    await this.api(accessToken, 'POST', '/liveChat/messages?part=snippet', {
      snippet: { liveChatId, type: 'textMessageEvent', textMessageDetails: { messageText: text } },
    });
  }

  private async tokenRequest(fields: Record<string, string>): Promise<GoogleTokens> {
    const response = await fetch(this.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.clientId,
        client_secret: this.clientSecret,
        ...fields,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new GoogleOAuthError(
        typeof body.error === 'string' ? body.error : 'invalid_response',
        response.status,
      );
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    };
  }

  private async api<T>(
    accessToken: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${this.endpoints.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const parsed = (await response.json().catch(() => ({}))) as {
      error?: { errors?: Array<{ reason?: string }> };
    };
    if (!response.ok) {
      const reason = parsed.error?.errors?.[0]?.reason ?? 'unknown';
      throw new YoutubeApiError(response.status, reason);
    }
    return parsed as T;
  }
}

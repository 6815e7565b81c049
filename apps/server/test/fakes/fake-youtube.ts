import crypto from 'node:crypto';
import {
  randomId,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type RecordedRequest,
} from './fake-http-server.ts';

/**
 * A local stand-in for Google's OAuth 2.0 endpoints and the YouTube Data API v3 calls Shabaash
 * makes, written from their documentation:
 * - consent: `GET /o/oauth2/v2/auth` (response_type=code, PKCE with code_challenge_method=S256,
 *   a registered redirect_uri, state echoed back); the page has Allow and Cancel buttons;
 * - tokens: `POST /token` (form-encoded; authorization_code checks the code_verifier against
 *   the challenge, refresh_token answers `invalid_grant` once access was revoked);
 * - `POST /revoke` (token=…);
 * - `GET /youtube/v3/channels?part=snippet&mine=true`;
 * - `GET /youtube/v3/liveBroadcasts` (exactly one of broadcastStatus, id, mine);
 * - `POST /youtube/v3/liveChat/messages?part=snippet` (textMessageEvent, at most 200
 *   characters), with the documented 403 reasons injectable: liveChatEnded, liveChatDisabled,
 *   rateLimitExceeded, forbidden, quotaExceeded.
 * API errors have Google's shape: `{ error: { code, message, errors: [{ domain, reason }] } }`.
 * A test (or the e2e's browser) drives the channel: `goLive`, `endLive`, and reads `chat`.
 */
export type FakeYoutube = FakeHttpServer & {
  clientId: string;
  clientSecret: string;
  channel: { id: string; title: string };
  /** Messages posted to the current (or an ended) live chat, oldest first. */
  chat: Array<{ liveChatId: string; text: string; accessToken: string }>;
  /** Starts a live broadcast with a new live chat; answers its chat id. */
  goLive(): string;
  /** Ends the broadcast: its chat answers liveChatEnded. */
  endLive(): void;
  /** The next chat insert answers this documented error reason. */
  failNextInsert(reason: ChatErrorReason): void;
  /** Every access token given so far expires now (the next call answers 401). */
  expireAccessTokens(): void;
  /** The creator removed the app's access in their Google account. */
  revokeAccess(): void;
  /** Refresh tokens revoked, through /revoke or revokeAccess. */
  revokedTokens: Set<string>;
  /** Every access and refresh token given out (tests look for them where they must not be). */
  issuedTokens: string[];
};

export type ChatErrorReason =
  'liveChatEnded' | 'liveChatDisabled' | 'rateLimitExceeded' | 'forbidden' | 'quotaExceeded';

const SCOPE = 'https://www.googleapis.com/auth/youtube.force-ssl';
const MAX_MESSAGE_CHARS = 200;

type PendingCode = {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
};

function apiError(status: number, reason: string, message: string, domain = 'youtube.liveChat') {
  return {
    status,
    body: { error: { code: status, message, errors: [{ domain, reason, message }] } },
  } satisfies FakeReply;
}

function oauthError(error: string, description: string): FakeReply {
  return { status: 400, body: { error, error_description: description } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startFakeYoutube(
  options: { redirectUris?: string[] } = {},
): Promise<FakeYoutube> {
  const clientId = `${randomId(12)}.apps.googleusercontent.com`;
  const clientSecret = `GOCSPX-${randomId(24)}`;
  const channel = { id: `UC${randomId(22)}`, title: 'Fake Gaming Channel' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { expiresAt: number; refreshToken: string }>();
  const refreshTokens = new Set<string>();
  const revokedTokens = new Set<string>();
  const chat: FakeYoutube['chat'] = [];
  const issuedTokens: string[] = [];
  const insertFaults: ChatErrorReason[] = [];
  let broadcast: { id: string; liveChatId: string; isActive: boolean } | null = null;

  const issueAccessToken = (refreshToken: string) => {
    const token = `ya29.${randomId(40)}`;
    accessTokens.set(token, { expiresAt: Date.now() + 3600_000, refreshToken });
    issuedTokens.push(token);
    return token;
  };

  /** The bearer token's grant, or the documented 401. */
  const authorize = (request: RecordedRequest): FakeReply | null => {
    const header = String(request.headers.authorization ?? '');
    const grant = accessTokens.get(header.replace(/^Bearer /, ''));
    if (!grant || grant.expiresAt <= Date.now() || revokedTokens.has(grant.refreshToken)) {
      return apiError(401, 'authError', 'Invalid Credentials', 'global');
    }
    return null;
  };

  const consentPage = (request: RecordedRequest): FakeReply => {
    const query = request.query;
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId) return htmlError('Error 401: invalid_client');
    if (options.redirectUris && !options.redirectUris.includes(redirectUri)) {
      return htmlError('Error 400: redirect_uri_mismatch');
    }
    if (query.get('response_type') !== 'code') return htmlError('unsupported_response_type');
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
      return htmlError('Error 400: invalid_request (PKCE S256 required by this fake)');
    }
    const scope = query.get('scope') ?? '';
    if (!scope.split(' ').includes(SCOPE)) return htmlError('Error 400: invalid_scope');
    const code = `4/${randomId(30)}`;
    codes.set(code, {
      clientId,
      redirectUri,
      challenge: query.get('code_challenge') ?? '',
      scope,
    });
    const back = (params: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const state = query.get('state');
      if (state !== null) url.searchParams.set('state', state);
      return escapeHtml(url.toString());
    };
    const html = `<!doctype html><html lang="en"><head><title>Sign in - Google Accounts</title></head>
<body><h1>Fake Google: Shabaash wants to manage your YouTube account</h1>
<p>Channel: <strong>${escapeHtml(channel.title)}</strong></p>
<p>Scope: ${escapeHtml(scope)}</p>
<a id="allow" href="${back({ code, scope })}">Allow</a>
<a id="cancel" href="${back({ error: 'access_denied' })}">Cancel</a></body></html>`;
    return { status: 200, body: null, text: html, headers: { 'content-type': 'text/html' } };
  };

  const token = (request: RecordedRequest): FakeReply => {
    const form = new URLSearchParams(request.rawBody);
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return oauthError('invalid_request', 'form-encoded body expected');
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
    }
    if (form.get('grant_type') === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!pending) return oauthError('invalid_grant', 'Malformed auth code.');
      if (pending.redirectUri !== form.get('redirect_uri')) {
        return oauthError('redirect_uri_mismatch', 'Bad Request');
      }
      const verifier = form.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (verifier.length < 43 || challenge !== pending.challenge) {
        return oauthError('invalid_grant', 'Invalid code verifier.');
      }
      const refreshToken = `1//${randomId(40)}`;
      refreshTokens.add(refreshToken);
      issuedTokens.push(refreshToken);
      return {
        status: 200,
        body: {
          access_token: issueAccessToken(refreshToken),
          expires_in: 3599,
          refresh_token: refreshToken,
          scope: pending.scope,
          token_type: 'Bearer',
        },
      };
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      if (!refreshTokens.has(refreshToken) || revokedTokens.has(refreshToken)) {
        return oauthError('invalid_grant', 'Token has been expired or revoked.');
      }
      return {
        status: 200,
        body: {
          access_token: issueAccessToken(refreshToken),
          expires_in: 3599,
          scope: SCOPE,
          token_type: 'Bearer',
        },
      };
    }
    return oauthError('unsupported_grant_type', 'Invalid grant_type');
  };

  const revoke = (request: RecordedRequest): FakeReply => {
    const form = new URLSearchParams(request.rawBody);
    const given = form.get('token') ?? request.query.get('token') ?? '';
    const refreshToken = refreshTokens.has(given) ? given : accessTokens.get(given)?.refreshToken;
    if (!refreshToken) return oauthError('invalid_token', 'Token expired or revoked');
    revokedTokens.add(refreshToken);
    return { status: 200, body: {} };
  };

  const liveBroadcasts = (request: RecordedRequest): FakeReply => {
    const denied = authorize(request);
    if (denied) return denied;
    const filters = ['broadcastStatus', 'id', 'mine'].filter((name) => request.query.has(name));
    if (filters.length !== 1) {
      return apiError(
        400,
        'incompatibleParameters',
        'Specify exactly one of broadcastStatus, id, mine',
        'youtube.parameter',
      );
    }
    const status = request.query.get('broadcastStatus');
    const items =
      broadcast &&
      (status === null || status === 'all' || (status === 'active') === broadcast.isActive)
        ? [
            {
              kind: 'youtube#liveBroadcast',
              id: broadcast.id,
              snippet: {
                channelId: channel.id,
                title: 'Fake stream',
                liveChatId: broadcast.liveChatId,
              },
              status: { lifeCycleStatus: broadcast.isActive ? 'live' : 'complete' },
            },
          ]
        : [];
    return { status: 200, body: { kind: 'youtube#liveBroadcastListResponse', items } };
  };

  const insertMessage = (request: RecordedRequest): FakeReply => {
    const denied = authorize(request);
    if (denied) return denied;
    if (request.query.get('part') !== 'snippet') {
      return apiError(400, 'invalidPart', 'part must be snippet', 'youtube.parameter');
    }
    const fault = insertFaults.shift();
    if (fault === 'quotaExceeded') {
      return apiError(
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.',
        'youtube.quota',
      );
    }
    if (fault) return apiError(403, fault, `fake ${fault}`);
    const snippet = (request.body as { snippet?: Record<string, unknown> } | undefined)?.snippet;
    const details = snippet?.textMessageDetails as { messageText?: unknown } | undefined;
    if (snippet?.type !== 'textMessageEvent' || typeof details?.messageText !== 'string') {
      return apiError(400, 'invalidLiveChatMessageType', 'textMessageEvent expected');
    }
    const text = details.messageText;
    if (text.trim() === '' || Array.from(text).length > MAX_MESSAGE_CHARS) {
      return apiError(400, 'messageTextInvalid', 'messageText is empty or too long');
    }
    const liveChatId = String(snippet.liveChatId ?? '');
    if (!broadcast || broadcast.liveChatId !== liveChatId) {
      return apiError(404, 'liveChatNotFound', 'The live chat was not found.');
    }
    if (!broadcast.isActive)
      return apiError(403, 'liveChatEnded', 'The live chat is no longer live.');
    const accessToken = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    chat.push({ liveChatId, text, accessToken });
    return {
      status: 200,
      body: {
        kind: 'youtube#liveChatMessage',
        id: randomId(30),
        snippet: {
          type: 'textMessageEvent',
          liveChatId,
          authorChannelId: channel.id,
          publishedAt: new Date().toISOString(),
          hasDisplayContent: true,
          displayMessage: text,
          textMessageDetails: { messageText: text },
        },
      },
    };
  };

  const fake = {} as FakeYoutube;
  const server = await startFakeHttpServer({
    errorBody: (status) => ({
      error: {
        code: status,
        message: status === 503 ? 'The service is currently unavailable.' : 'Backend Error',
        errors: [{ domain: 'global', reason: status === 503 ? 'backendError' : 'internalError' }],
      },
    }),
    handle: (request) => {
      const route = `${request.method} ${request.path}`;
      switch (route) {
        case 'GET /favicon.ico': // the browser asks on the consent page
          return { status: 204, body: null, text: '' };
        case 'GET /o/oauth2/v2/auth':
          return consentPage(request);
        case 'POST /token':
          return token(request);
        case 'POST /revoke':
          return revoke(request);
        case 'GET /youtube/v3/channels': {
          const denied = authorize(request);
          if (denied) return denied;
          return {
            status: 200,
            body: {
              kind: 'youtube#channelListResponse',
              items: [
                { kind: 'youtube#channel', id: channel.id, snippet: { title: channel.title } },
              ],
            },
          };
        }
        case 'GET /youtube/v3/liveBroadcasts':
          return liveBroadcasts(request);
        case 'POST /youtube/v3/liveChat/messages':
          return insertMessage(request);
        // Control endpoints for a person or a browser test playing the creator.
        case 'POST /fake/live':
          return { status: 200, body: { liveChatId: fake.goLive() } };
        case 'POST /fake/end':
          fake.endLive();
          return { status: 200, body: {} };
        case 'GET /fake/chat':
          return { status: 200, body: { messages: chat.map((message) => message.text) } };
        default:
          return apiError(404, 'notFound', `No route ${route}`, 'global');
      }
    },
  });
  return Object.assign(fake, server, {
    clientId,
    clientSecret,
    channel,
    chat,
    revokedTokens,
    issuedTokens,
    goLive() {
      broadcast = { id: randomId(11), liveChatId: `Cg0KC${randomId(20)}`, isActive: true };
      return broadcast.liveChatId;
    },
    endLive() {
      if (broadcast) broadcast.isActive = false;
    },
    clearFaults() {
      server.clearFaults();
      insertFaults.length = 0;
    },
    failNextInsert(reason: ChatErrorReason) {
      insertFaults.push(reason);
    },
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    revokeAccess() {
      for (const refreshToken of refreshTokens) revokedTokens.add(refreshToken);
    },
  });
}

function htmlError(message: string): FakeReply {
  return {
    status: 400,
    body: null,
    text: `<!doctype html><title>Error</title><p id="error">${escapeHtml(message)}</p>`,
    headers: { 'content-type': 'text/html' },
  };
}

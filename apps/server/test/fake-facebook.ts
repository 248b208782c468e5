import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProfile {
  id: string;
  name: string;
  email?: string;
  /** Fields sent with every `/me` answer whatever was asked (to test answers Graph may give). */
  extra?: Record<string, unknown>;
}

export interface FakeFacebook {
  /** FACEBOOK_AUTH_URL */
  authUrl: string;
  /** FACEBOOK_GRAPH_URL */
  graphUrl: string;
  profile: FakeProfile;
  requests: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local server that answers like Facebook's OAuth dialog, token endpoint and Graph `/me`:
 * it checks the client id and secret, the redirect address, and the PKCE verifier against the
 * challenge, and lets the user continue or refuse on its dialog page.
 */
export async function startFakeFacebook(appId: string, appSecret: string, profile: FakeProfile): Promise<FakeFacebook> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const requests: FakeFacebook['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/dialog/oauth') {
      if (
        query.client_id !== appId ||
        !query.redirect_uri ||
        !query.state ||
        query.code_challenge_method !== 'S256' ||
        !query.code_challenge
      ) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end('Invalid OAuth request');
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: query.code_challenge, redirectUri: query.redirect_uri });
      const allow = new URL(query.redirect_uri);
      allow.search = new URLSearchParams({ code, state: query.state }).toString();
      const deny = new URL(query.redirect_uri);
      deny.search = new URLSearchParams({
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'Permissions error',
        state: query.state,
      }).toString();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><meta name="viewport" content="width=device-width"><title>Log in with Facebook</title>
<h1>Continue as ${esc(profile.name)}?</h1><p>Episodic will receive your name and email address.</p>
<a id="continue" href="${esc(allow.toString())}">Continue as ${esc(profile.name)}</a> <a id="cancel" href="${esc(deny.toString())}">Not now</a>`);
    }
    if (url.pathname.endsWith('/oauth/access_token')) {
      const grant = codes.get(query.code ?? '');
      const challenge = createHash('sha256')
        .update(query.code_verifier ?? '')
        .digest('base64url');
      if (query.client_id !== appId || query.client_secret !== appSecret)
        return json(400, { error: { message: 'Error validating client secret.', type: 'OAuthException', code: 1 } });
      if (!grant || grant.redirectUri !== query.redirect_uri || grant.challenge !== challenge) {
        return json(400, {
          error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 },
        });
      }
      codes.delete(query.code ?? '');
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname.endsWith('/me')) {
      if (!tokens.has(query.access_token ?? ''))
        return json(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const fields = (query.fields ?? 'id,name').split(',');
      return json(200, {
        ...Object.fromEntries(fields.filter((f) => f in profile).map((f) => [f, profile[f as keyof FakeProfile]])),
        ...profile.extra,
      });
    }
    json(404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authUrl: `${base}/dialog/oauth`,
    graphUrl: `${base}/v19.0`,
    profile,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

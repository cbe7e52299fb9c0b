import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { Config } from '../config';

export type OAuthProviderName = 'google' | 'github';

/** What we need from a provider's user: its stable id and, when verified, an e-mail. */
export interface OAuthProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

/**
 * One OAuth provider. arctic's `Google` and `GitHub` classes hard-code their endpoints, so both
 * are built on arctic's generic `OAuth2Client` with the endpoints below; a base URL from config
 * (GitHub Enterprise, or the loopback provider of the tests) replaces the real hosts.
 */
export interface OAuthProvider {
  name: OAuthProviderName;
  createAuthorizationURL(state: string, codeVerifier: string): URL;
  fetchProfile(code: string, codeVerifier: string): Promise<OAuthProfile>;
}

interface Endpoints {
  authorize: string;
  token: string;
  userInfo: string;
  emails?: string;
}

function endpoints(name: OAuthProviderName, base: string | undefined): Endpoints {
  if (name === 'google') {
    return {
      authorize: `${base ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
      token: `${base ?? 'https://oauth2.googleapis.com'}/token`,
      userInfo: `${base ?? 'https://openidconnect.googleapis.com'}/v1/userinfo`,
    };
  }
  return {
    authorize: `${base ?? 'https://github.com'}/login/oauth/authorize`,
    token: `${base ?? 'https://github.com'}/login/oauth/access_token`,
    userInfo: `${base ?? 'https://api.github.com'}/user`,
    emails: `${base ?? 'https://api.github.com'}/user/emails`,
  };
}

export class OAuthProfileError extends Error {}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'spotless' },
  });
  if (!response.ok) throw new OAuthProfileError(`${url} answered ${response.status}`);
  return response.json();
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function splitName(full: string | null): [string | null, string | null] {
  if (!full) return [null, null];
  const parts = full.trim().split(/\s+/);
  return [parts[0] ?? null, parts.length > 1 ? parts.slice(1).join(' ') : null];
}

export function createOAuthProvider(name: OAuthProviderName, config: Config): OAuthProvider | undefined {
  const credentials = config.oauth[name];
  if (!credentials) return undefined;
  const urls = endpoints(name, config.oauth.baseUrls[name]);
  const client = new OAuth2Client(
    credentials.clientId,
    credentials.clientSecret,
    `${config.publicUrl}/api/auth/oauth/${name}/callback`,
  );
  const scopes = name === 'google' ? ['openid', 'email', 'profile'] : ['read:user', 'user:email'];

  return {
    name,
    createAuthorizationURL: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(urls.authorize, state, CodeChallengeMethod.S256, codeVerifier, scopes),
    async fetchProfile(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(urls.token, code, codeVerifier);
      const accessToken = tokens.accessToken();
      const info = (await getJson(urls.userInfo, accessToken)) as Record<string, unknown>;
      if (name === 'google') {
        const sub = text(info.sub);
        if (!sub) throw new OAuthProfileError('Google userinfo has no sub');
        return {
          providerUserId: sub,
          email: text(info.email),
          emailVerified: info.email_verified === true,
          firstName: text(info.given_name),
          lastName: text(info.family_name),
          avatarUrl: text(info.picture),
        };
      }
      if (typeof info.id !== 'number' && typeof info.id !== 'string') {
        throw new OAuthProfileError('GitHub user has no id');
      }
      const emails = urls.emails ? ((await getJson(urls.emails, accessToken)) as unknown) : [];
      const primary = Array.isArray(emails)
        ? (emails as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>).find(
            (e) => e.primary === true && e.verified === true && typeof e.email === 'string',
          )
        : undefined;
      const [firstName, lastName] = splitName(text(info.name) ?? text(info.login));
      return {
        providerUserId: String(info.id),
        email: primary ? String(primary.email) : null,
        emailVerified: primary !== undefined,
        firstName,
        lastName,
        avatarUrl: text(info.avatar_url),
      };
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, NetworkError } from './index';

/** A fetch that never gets an answer, as a browser's fetch does when CORS hides it. */
const refused = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof globalThis.fetch;

afterEach(() => vi.unstubAllGlobals());

/** The error a request ends in (a request that succeeds fails the test). */
const failure = (request: Promise<unknown>) =>
  request.then(
    () => {
      throw new Error('answered');
    },
    (error: unknown) => error as Error,
  );

describe('a request that gets no answer', () => {
  it('is a NetworkError naming the URL, with the browser error as its cause', async () => {
    const error = await failure(
      createClient({ baseUrl: 'https://api.spotless.example', fetch: refused }).services.list(),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe('https://api.spotless.example/api/services');
    expect((error as Error).message).toBe(
      'Could not reach https://api.spotless.example/api/services: check the connection and the baseUrl.',
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('on another site without a partner key, says the key is what is missing', async () => {
    vi.stubGlobal('location', new URL('https://realty.example/listings'));
    const error = await failure(
      createClient({ baseUrl: 'https://api.spotless.example', fetch: refused }).services.list(),
    );
    expect(error.message).toBe(
      'Could not reach https://api.spotless.example/api/services: from another site (https://realty.example) the API answers only a partner key allowing it — createClient({ publishableKey }).',
    );
    // With a key, the key is not the problem named.
    const keyed = await failure(
      createClient({ baseUrl: 'https://api.spotless.example', fetch: refused, publishableKey: 'pk_x' }).services.list(),
    );
    expect(keyed.message).not.toContain('partner key');
  });

  it('lets an abort stay an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborting = (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as typeof globalThis.fetch;
    const error = await failure(createClient({ fetch: aborting }).cleaners.list({}, controller.signal));
    expect(error.name).toBe('AbortError');
  });
});

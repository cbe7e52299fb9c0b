import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type CallInit, call as send } from './call';
import { TARGETS, type Target } from './targets';

/** One target as its checks see it: started before them, stopped after. */
export interface OnTarget {
  /** The target's name (`node-file`, `node-libsql-server`, `workers`). */
  readonly name: string;
  /** The running target: read it inside checks and hooks, not while they are declared. */
  readonly target: Target;
  /** A request to the target, as `call.ts` sends it. */
  call(path: string, init?: CallInit): ReturnType<typeof send>;
  /** Signs in as a demo account (or any account) and answers its session cookie. */
  signIn(email: string, password?: string): Promise<string>;
}

/**
 * The preamble of every suite that runs on the three targets: `checks` once per target, inside its
 * own `describe`, with the target started before and stopped after (`setUp` runs once it is up).
 */
export function eachTarget(
  checks: (on: OnTarget) => void,
  setUp?: (target: Target) => Promise<void>,
  targets: Array<[string, () => Promise<Target>]> = TARGETS,
): void {
  describe.each(targets)('%s', (name, start) => {
    let running: Target | undefined;
    beforeAll(async () => {
      running = await start();
      await setUp?.(running);
    });
    afterAll(async () => {
      await running?.stop();
    });
    const on: OnTarget = {
      name,
      get target() {
        if (!running) throw new Error(`${name} has not started`);
        return running;
      },
      call: (path, init) => send(on.target.url, path, init),
      async signIn(email, password = 'demo-password') {
        const login = await on.call('/api/auth/login', { method: 'POST', body: { email, password } });
        expect(login.status, email).toBe(200);
        return `spotless_session=${login.session}`;
      },
    };
    checks(on);
  });
}

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN, seedWorld } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';

/**
 * With OPENAI_API_KEY and OPENAI_BASE_URL set, the chat API answers through the OpenAI engine (a
 * loopback OpenAI-compatible server here), and through the offline engine when that server fails.
 */
let failing = false;
const server = createServer((req, res: ServerResponse) => {
  req.resume();
  req.on('end', () => {
    if (failing) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: 'From the model: see ' }));
    res.write(chunk({ content: '/cleaners?location=Denver or write to someone@evil.example.' }));
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ctx = await createTestContext({
  config: {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    OPENAI_MODEL: 'test-model',
  },
});
await seedWorld(ctx);

async function ask(message: string) {
  const started = await ctx.json<{ actions: { sendMessage: { href: string } } }>('/api/chat/session', {
    method: 'POST',
    headers: { origin: ORIGIN },
  });
  return ctx.json<{ response: string; links: { pages: Array<{ href: string }> } }>(
    started.body.actions.sendMessage.href,
    { method: 'POST', headers: { origin: ORIGIN }, body: { message } },
  );
}

describe('the chat API with OpenAI configured', () => {
  it('answers with the model’s text, cleaned of contact details that are not support’s', async () => {
    const res = await ask('Who should I book?');
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(
      'From the model: see /cleaners?location=Denver or write to (e-mail address removed).',
    );
    expect(res.body.links.pages.map((p) => p.href)).toEqual(['/cleaners?location=Denver']);
  });

  it('answers with the offline engine when the model’s endpoint fails', async () => {
    failing = true;
    const res = await ask('What is the cancellation policy?');
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/24 or more hours/);
  });
});

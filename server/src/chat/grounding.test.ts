import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { AssistantEngine, Toolbox } from '../lib/assistant-engine';
import { groundModelText } from './grounding';
import { openaiEngine, systemPrompt } from './openai-engine';

/**
 * A model's answer is checked against what it did (decision 047): it never claims an action (the
 * assistant writes nothing), never promises messaging the product lacks, and never links a cleaner
 * its tools did not return — through the real `openai` SDK against a loopback server too.
 */
describe('grounding a model’s answer', () => {
  it('replaces a claimed booking, a promise of messaging and a made-up cleaner', () => {
    const { text, corrections } = groundModelText(
      "Great news, I've booked Ana Diaz for Saturday at 9! You can message your cleaner from My Bookings. Also try /cleaner/99 or Ana: /cleaner/7.",
      { cleanerIds: new Set([7]) },
    );
    expect(text).not.toMatch(/booked Ana|message your cleaner|\/cleaner\/99/);
    expect(text).toContain("I can't book, cancel, pay or change anything myself");
    expect(text).toContain('/cleaner/7');
    expect(corrections.sort()).toEqual(['claimed-action', 'missing-feature', 'unknown-cleaner']);
  });

  it('leaves a grounded answer as it is', () => {
    const answer = 'Ana Diaz is free on Saturday at 9:00 AM: /booking/7?date=2026-11-28&time=09:00 — confirm there.';
    expect(groundModelText(answer, { cleanerIds: new Set([7]) })).toEqual({ text: answer, corrections: [] });
  });

  it('tells the model the asker’s date and zone', () => {
    const prompt = systemPrompt({ now: new Date('2026-11-24T23:30:00Z'), person: null, timeZone: 'Asia/Tokyo' });
    expect(prompt).toContain('Wednesday, November 25, 2026');
    expect(prompt).toContain('Asia/Tokyo');
  });

  const server = createServer((_req, res) => {
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(
      `${chunk({ role: 'assistant', content: "Done — I've cancelled your booking. See /cleaner/12." }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`,
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('checks the engine’s final answer: no claimed cancellation, no cleaner it never looked up', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const toolbox: Toolbox = { tools: [], call: async () => ({ ok: true, data: {} }) };
    const offline: AssistantEngine = {
      name: 'offline',
      reply: async () => ({ text: 'offline', tokens: 1, trace: { intent: 'fallback' } }),
    };
    const engine = openaiEngine({ apiKey: 'sk-test', baseUrl, model: 'm' }, offline);
    const reply = await engine.reply({ message: 'cancel it', history: [], toolbox, now: new Date(), person: null });
    expect(reply.trace.engine).toBe('openai');
    expect(reply.text).not.toMatch(/I've cancelled|\/cleaner\/12/);
    expect(reply.trace.corrections).toEqual(['claimed-action', 'unknown-cleaner']);
  });
});

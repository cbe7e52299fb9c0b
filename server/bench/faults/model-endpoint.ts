/**
 * Fault (e): the model endpoint is down. The server is configured for OpenAI (OPENAI_API_KEY,
 * OPENAI_BASE_URL pointing at a loopback fake), and the fake refuses connections, answers 500,
 * stalls before answering, or stalls after its first streamed words. Every chat message must still
 * get an answer (the offline engine's, decision 047): how long it takes is the figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, countBy, type Json, type ServerChild, sleep, spread, startServer, stopServer } from './common';

type Mode = 'healthy' | 'error 500' | 'refused' | 'stalls' | 'stalls mid-stream';

const QUESTIONS = [
  'What is your cancellation policy?',
  'Find me a deep cleaning in Austin under $40 an hour',
  'How do I become a cleaner?',
  'Are there cleaners available next Monday in Denver?',
];
/** A stalled turn costs the engine's whole deadline (15 s): fewer messages for those. */
const MESSAGES: Record<Mode, number> = {
  healthy: 4,
  'error 500': 4,
  refused: 4,
  stalls: 2,
  'stalls mid-stream': 2,
};

/** A Chat Completions endpoint on loopback whose behaviour the bench switches. */
class FakeModel {
  mode: Mode = 'healthy';
  requests = 0;
  port = 0;
  private readonly held = new Set<ServerResponse>();
  private readonly server = createServer((req, res) => this.handle(req, res));

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Nothing listens on the port any more: connections are refused. */
  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.held.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    req.on('end', () => {
      this.requests += 1;
      if (this.mode === 'error 500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        return;
      }
      if (this.mode === 'stalls') {
        this.held.add(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (content: string | null, finish: string | null, usage?: unknown) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: usage ? [] : [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
          ...(usage ? { usage } : {}),
        })}\n\n`;
      res.write(chunk('Spotless can help with that. ', null));
      if (this.mode === 'stalls mid-stream') {
        this.held.add(res);
        return;
      }
      res.write(chunk('See /help for our policies.', null));
      res.write(chunk(null, 'stop'));
      res.write(chunk(null, null, { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 }));
      res.end('data: [DONE]\n\n');
    });
  }
}

export async function modelEndpointDown(): Promise<Json> {
  const fake = new FakeModel();
  await fake.listen();
  const port = fake.port;
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-fault-model-'));
  let server: ServerChild | undefined;
  try {
    server = await startServer({
      SEED_CLEANERS: '40',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SCHEDULED_JOBS: 'false',
      OPENAI_API_KEY: 'sk-fault-bench',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_MODEL: 'fake',
    });
    const { base } = server;
    const modes: Record<string, Json> = {};
    for (const mode of ['healthy', 'error 500', 'refused', 'stalls', 'stalls mid-stream'] as const) {
      fake.mode = mode;
      if (mode === 'refused') await fake.close();
      const requestsBefore = fake.requests;
      const linesBefore = server.lines().length;
      const session = await call(base, 'POST', '/api/chat/session', { body: {} });
      const sessionId = String(session.body?.sessionId);
      const answers = [];
      for (let i = 0; i < MESSAGES[mode]; i++) {
        answers.push(
          await call(base, 'POST', `/api/chat/${sessionId}/message`, {
            body: { message: QUESTIONS[i % QUESTIONS.length] },
            timeoutMs: 60_000,
          }),
        );
      }
      if (mode === 'refused') await fake.listen(port);
      // The server writes its log lines in batches: the last turn's comes a moment later.
      await sleep(500);
      const fallbacks = server
        .lines()
        .slice(linesBefore)
        .filter((line) => line.message === 'assistant.fallback');
      modes[mode] = {
        messages: answers.length,
        statuses: countBy(answers, (a) => a.status),
        answered: answers.filter((a) => a.status === 200 && String(a.body?.response ?? '').trim().length > 0).length,
        answerMs: spread(answers.map((a) => a.ms)),
        endpointRequests: fake.requests - requestsBefore,
        fallbacks: countBy(fallbacks, (line) => String(line.reason)),
      };
      const figures = modes[mode] as { answered: number; answerMs: { p50: number; max: number } };
      console.log(
        `(e) model endpoint ${mode}: ${figures.answered}/${answers.length} answered, p50 ${figures.answerMs.p50} ms, max ${figures.answerMs.max} ms; fallbacks ${JSON.stringify(modes[mode]?.fallbacks)}`,
      );
    }
    const down = ['error 500', 'refused', 'stalls', 'stalls mid-stream'];
    const goals = {
      everyMessageAnswered: Object.values(modes).every((m) => m.answered === m.messages),
      // Every message while it is down: a turn that kept the model's first words is no fallback.
      offlineEngineAnswersWhenDown: down.every(
        (mode) =>
          Object.values((modes[mode]?.fallbacks ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) ===
          modes[mode]?.messages,
      ),
      // The engine's deadline (15 s) and a margin: a stalled endpoint costs a turn no more.
      stalledTurnWithin20s: ['stalls', 'stalls mid-stream'].every((mode) => {
        const answerMs = modes[mode]?.answerMs as { max: number } | undefined;
        return answerMs !== undefined && answerMs.max <= 20_000;
      }),
    };
    return { engineDeadlineMs: 15_000, modes, goals };
  } finally {
    if (server) await stopServer(server);
    await fake.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

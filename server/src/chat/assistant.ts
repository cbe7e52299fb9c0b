import type { Config } from '../config';
import type { Deps } from '../deps';
import type { AssistantEngine } from '../lib/assistant-engine';
import { offlineEngine } from './offline/engine';
import { openaiEngine } from './openai-engine';

/**
 * The engine by configuration (decision 047): OpenAI chat completions with tool calls when
 * `OPENAI_API_KEY` is set (falling back to the offline engine when the endpoint fails or stalls),
 * else the offline engine. Built once per configuration: engines hold no conversation state.
 */
const built = new WeakMap<Config, AssistantEngine>();

export function engineFor(deps: Pick<Deps, 'config' | 'assistant'>): AssistantEngine {
  if (deps.assistant) return deps.assistant;
  let engine = built.get(deps.config);
  if (!engine) {
    const offline = offlineEngine();
    const openai = deps.config.openai;
    // No logger kept here: each turn brings its request's own (`AssistantRequest.log`).
    engine = openai
      ? openaiEngine({ apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.model }, offline)
      : offline;
    built.set(deps.config, engine);
  }
  return engine;
}

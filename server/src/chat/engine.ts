/** The engine interface lives with the other ports in lib/ (deps.ts names it); re-exported for the chat module. */
export * from '../lib/assistant-engine';

/**
 * GET answers for the form renderer (option lists, lookups), through the one HTTP client, and a
 * step's option lists asked ahead: with the draft and the form, before the step's code arrives
 * (AppRoutes.preloadPage). On a slow phone network the step's selects otherwise ask for them only once
 * drawn, one more round trip after the code (the CIIU activities: ~15 KB). Each early answer is
 * handed to the first caller that asks for its URL (the step's select, through the renderer's cache
 * of lists); a failed one is not kept (the select asks again and shows its own error). In the first
 * bundle: only the engine's URL templates (`@portal/form-engine/placeholders`), not the engine.
 */
import { sourceUrls } from '@portal/form-engine/placeholders';
import { useSyncExternalStore } from 'react';
import type { FormNode } from '@portal/form-engine';
import type { PreviewAnswer } from '@portal/form-mantine/preview';
import { api } from '../lib/api-client';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

const early = new Map<string, Promise<JsonAnswer>>();

async function fetchJson(url: string, signal?: AbortSignal): Promise<JsonAnswer> {
  // Lookups read the status themselves (200 = valid), so HTTP errors are answers, not exceptions.
  const res = await api.answer(url, { signal });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** The answer of GET `url` (an early one if it was asked ahead). */
export function getJson(url: string, init?: { signal?: AbortSignal }): Promise<JsonAnswer> {
  const waiting = early.get(url);
  if (waiting) {
    early.delete(url);
    return waiting;
  }
  return fetchJson(url, init?.signal);
}

/** Asks now for the option lists the section `step` of `schema` shows with `data` (the draft). */
export function preloadOptionLists(schema: FormNode, step: string, data: Record<string, unknown>): void {
  const section = schema.properties?.[step];
  if (section) preloadLists(sourceUrls(section, step, data));
}

/** Asks now for the lists at `urls` (those not asked ahead already): a step's fixed lists, before its form and draft arrive. */
export function preloadLists(urls: readonly string[]): void {
  for (const url of urls) {
    if (early.has(url)) continue;
    const answer = fetchJson(url);
    answer.catch(() => early.delete(url));
    early.set(url, answer);
    follow(url, answer);
  }
}

/**
 * How far each list asked ahead has come (kept after a select takes the answer), read by the step drawn
 * before its code: a new map on every change, so React sees the change by identity.
 */
let progress: ReadonlyMap<string, PreviewAnswer> = new Map();
const followers = new Set<() => void>();

function setProgress(url: string, state: PreviewAnswer): void {
  progress = new Map(progress).set(url, state);
  for (const follower of followers) follower();
}

function follow(url: string, answer: Promise<JsonAnswer>): void {
  setProgress(url, { status: 'loading' });
  answer.then(
    ({ status, body }) => setProgress(url, status === 200 ? { status: 'loaded', body } : { status: 'failed' }),
    () => setProgress(url, { status: 'failed' }),
  );
}

/** The option lists asked ahead (`preloadOptionLists`) by URL, as far as each has come (StepPreview's `lists`). */
export function useListsAskedAhead(): ReadonlyMap<string, PreviewAnswer> {
  return useSyncExternalStore(
    (listener) => {
      followers.add(listener);
      return () => followers.delete(listener);
    },
    () => progress,
  );
}

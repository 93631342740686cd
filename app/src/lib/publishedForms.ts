/**
 * A form's published version as the API gives it (GET /v1/forms/{form}, or
 * /versions/{n}): JSON only, without the engine, so the first bundle can ask
 * for it. An application's page needs, in turn, its code, the form, and the
 * form's validators module (whose address the form names): asked one after
 * the other, three waits on a slow phone network. `preloadPublishedForm`
 * asks for the form as soon as the address is known (before React renders),
 * and as soon as the answer arrives has the browser fetch the validators
 * module (`modulepreload`: fetched and parsed, run when imported); the page's
 * code then finds both on its way (onlineForms.ts).
 */
import { useSyncExternalStore } from 'react';
import type { PublishedFormVersion } from '@portal/api-contract';
import { api, type CallOptions } from './api-client';

const pathOf = (name: string, version?: number) =>
  version === undefined ? `forms/${encodeURIComponent(name)}` : `forms/${encodeURIComponent(name)}/versions/${version}`;

/** Answers asked for ahead of their page, each handed to the first caller that asks (then asked afresh). */
const early = new Map<string, Promise<PublishedFormVersion>>();
/** The early answers once arrived, by form: what the page's frame shows while its code loads. */
const arrived = new Map<string, PublishedFormVersion>();
const listeners = new Set<() => void>();

/** A form's current version, or version `version` (rejects with the API's error). */
export function fetchPublishedForm(name: string, version?: number): Promise<PublishedFormVersion> {
  const path = pathOf(name, version);
  const waiting = early.get(path);
  if (waiting) {
    early.delete(path);
    return waiting;
  }
  return request(path);
}

function request(path: string, options?: CallOptions): Promise<PublishedFormVersion> {
  return api.get<{ data: PublishedFormVersion }>(path, options).then((answer) => answer.data);
}

/** Has the browser fetch a module ahead of its import (once per address). */
function preloadModule(url: string): void {
  if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
}

/** Starts loading a form's current version, then its validators module, for the page about to ask for them. */
export function preloadPublishedForm(name: string): void {
  const path = pathOf(name);
  if (early.has(path)) return;
  // High priority: it titles the page's frame, and would otherwise queue behind the page's code (scripts come first).
  const answer = request(path, { priority: 'high' }).then((published) => {
    preloadModule(published.validators_url);
    arrived.set(name, published);
    for (const listener of listeners) listener();
    return published;
  });
  // A failed early answer is not kept: the page asks again (and shows its own error).
  answer.catch(() => early.delete(path));
  early.set(path, answer);
}

/**
 * The current version of a form as the early request brought it (undefined
 * until it arrives, or when none was made): enough to title a page's frame
 * before the page's code arrives.
 */
export function useArrivedForm(name: string): PublishedFormVersion | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => arrived.get(name),
  );
}

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
import type { FormNode } from '@portal/form-engine';
import { fixedSourceUrls } from '@portal/form-engine/placeholders';
import { localReturnTo } from '../config/paths';
import { api, type CallOptions } from './api-client';

const pathOf = (name: string, version?: number) =>
  version === undefined ? `forms/${encodeURIComponent(name)}` : `forms/${encodeURIComponent(name)}/versions/${version}`;

/** Answers asked for ahead of their page, each handed to the first caller that asks (then asked afresh). */
const early = new Map<string, Promise<PublishedFormVersion>>();
/** Who shows a form's frame (useFormFrame) or a version that arrived (useArrivedForm): told when a form's answer changes them. */
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
  return api.get<{ data: PublishedFormVersion }>(path, options).then((answer) => {
    keepFrame(answer.data);
    keepArrived(answer.data);
    return answer.data;
  });
}

/** The versions of forms that have arrived during this page's life, by `form@version` (they never change). */
const arrived = new Map<string, PublishedFormVersion>();
const arrivedKey = (name: string, version: number) => `${name}@${version}`;

function keepArrived(published: PublishedFormVersion): void {
  const key = arrivedKey(published.form, published.version);
  if (arrived.has(key)) return;
  arrived.set(key, published);
  for (const listener of listeners) listener();
}

/**
 * Version `version` of a form once it has arrived in this page (asked for by anyone, the early ask
 * included), else undefined: what an application's step draws before its page's code (ApplicationFrame).
 */
export function useArrivedForm(name: string, version: number | undefined): PublishedFormVersion | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (version === undefined ? undefined : arrived.get(arrivedKey(name, version))),
  );
}

/** Has the browser fetch a module ahead of its import (once per address). */
function preloadModule(url: string): void {
  if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
}

/** Starts loading a form's current version, then its validators module, for the page about to ask for them; the answer. */
export function preloadPublishedForm(name: string): Promise<PublishedFormVersion> {
  const path = pathOf(name);
  const asked = early.get(path);
  if (asked) return asked;
  // High priority: it titles the page's frame, and would otherwise queue behind the page's code (scripts come first).
  const answer = request(path, { priority: 'high' }).then((published) => {
    preloadModule(published.validators_url);
    return published;
  });
  // A failed early answer is not kept: the page asks again (and shows its own error).
  answer.catch(() => early.delete(path));
  early.set(path, answer);
  return answer;
}

/**
 * What a form's pages show before anything has arrived: the form's title and its steps' titles, as the
 * last answer this browser got gave them (localStorage `marco:<form>`; nothing personal). A citizen
 * coming back to a draft sees the step's title with the first bundle, before the form (one round trip
 * on a slow network) and the page's code; the form, once it arrives, has the last word. With them, each
 * step's option lists that no answer changes (`fixedSourceUrls`: the CIIU activities, the provinces),
 * which the route asks for with the draft and the form instead of after them (AppRoutes).
 */
export interface FormFrame {
  /** The version these titles are from: an older version's answer (an old request's page) does not replace them. */
  version?: number;
  title?: string;
  steps: Record<string, string | undefined>;
  /** By step, the portal's own addresses of its fixed option lists (steps without any are left out). */
  lists?: Record<string, string[]>;
}

type FramedSchema = { title?: string; properties?: Record<string, FormNode> };

/** The frame of a form's schema as a page draws it: its title and each step's title. */
export function frameOf(schema: FramedSchema, version?: number): FormFrame {
  return { version, title: schema.title, steps: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, step]) => [key, step.title])) };
}

/** Each step's fixed option lists (steps without any left out): kept with the frame once per answer, not drawn. */
function listsOf(schema: FramedSchema): Record<string, string[]> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, step]) => [key, fixedSourceUrls(step)] as const).filter(([, urls]) => urls.length > 0));
}

const frameKey = (name: string) => `marco:${name}`;
/** The frames read or kept during this page's life, by form (a stable object per form, as React's store wants). */
const frames = new Map<string, FormFrame | undefined>();

function keepFrame(published: PublishedFormVersion): void {
  if ((storedFrame(published.form)?.version ?? 0) > published.version) return;
  const schema = published.schema as FramedSchema;
  const frame = { ...frameOf(schema, published.version), lists: listsOf(schema) };
  const text = JSON.stringify(frame);
  if (JSON.stringify(frames.get(published.form)) !== text) {
    frames.set(published.form, frame);
    for (const listener of listeners) listener();
  }
  try {
    if (localStorage.getItem(frameKey(published.form)) !== text) localStorage.setItem(frameKey(published.form), text);
  } catch {
    // No storage (private mode, full): the next visit's frame waits for the form, as on a first visit.
  }
}

const isText = (value: unknown) => value === undefined || typeof value === 'string';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** An address on the portal's own origin ('/v1/…', never '//host/…'): as a return address after signing in. */
const isOwnPath = (value: unknown) => typeof value === 'string' && localReturnTo(value) !== null;

function isFrame(value: unknown): value is FormFrame {
  if (!isRecord(value)) return false;
  const { version, title, steps, lists } = value;
  return (version === undefined || Number.isInteger(version)) && isText(title) && isRecord(steps) && Object.values(steps).every(isText)
    && (lists === undefined || (isRecord(lists) && Object.values(lists).every((urls) => Array.isArray(urls) && urls.every(isOwnPath))));
}

function storedFrame(name: string): FormFrame | undefined {
  if (!frames.has(name)) {
    let frame: FormFrame | undefined;
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(frameKey(name)) ?? 'null');
      // Whatever is stored there is checked: an old or edited entry is no frame.
      if (isFrame(parsed)) frame = parsed;
    } catch {
      frame = undefined;
    }
    frames.set(name, frame);
  }
  return frames.get(name);
}

/**
 * The fixed option lists of step `step` of a form ('' its first step) as this browser last saw the form
 * (none when it never did): asked for with the draft and the form (AppRoutes.preloadApplicationPage).
 */
export function lastSeenLists(name: string, step: string): readonly string[] {
  const frame = storedFrame(name);
  const key = step || Object.keys(frame?.steps ?? {})[0];
  return (key && frame?.lists?.[key]) || [];
}

/** The frame of a form: from its last answer, else as this browser last saw it (undefined when never). */
export function useFormFrame(name: string): FormFrame | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => storedFrame(name),
  );
}

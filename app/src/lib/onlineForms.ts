/**
 * The online services' forms in the browser, as the portal publishes them
 * (issue 26): a form's current version, or the version a draft is on or a
 * request was submitted under, from GET /v1/forms/{form}[/versions/{n}], with
 * that version's validators imported as an ES module from the portal's own
 * origin (an address per schema hash, kept by the browser for good). The
 * engine never compiles a schema with `new Function` here, so the Content
 * Security Policy needs no 'unsafe-eval'; nothing of a form is in the build,
 * so a published change needs no rebuild.
 */
import useSWRImmutable from 'swr/immutable';
import type { PublishedFormVersion } from '@portal/api-contract';
import { registerPrecompiledValidators, type FormNode, type FormSchema, type PrecompiledValidator } from '@portal/form-engine';
import { installPublishedFormRuntime } from '@portal/form-engine/standalone';
import { api } from './api-client';
import { statusOf } from './apiError';
import { fetchPublishedForm } from './publishedForms';

/** A version of a form with its steps: the top-level sections and grids, in order. */
export interface OnlineForm {
  name: string;
  version: number;
  hash: string;
  schema: FormSchema;
  sections: { key: string; title: string; node: FormNode }[];
}

export class UnknownFormError extends Error {}

/** The validators modules already imported, by address. */
const modules = new Map<string, Promise<void>>();

function importValidators(url: string): Promise<void> {
  let loading = modules.get(url);
  if (!loading) {
    installPublishedFormRuntime();
    loading = (import(/* @vite-ignore */ url) as Promise<{ validators: Record<string, PrecompiledValidator> }>).then((module) => {
      registerPrecompiledValidators(module.validators);
    });
    // A failed import (no connection) is tried again by the next load.
    loading.catch(() => modules.delete(url));
    modules.set(url, loading);
  }
  return loading;
}

/**
 * Loads a form's current version, or version `version`, with its validators (the engine compiles every
 * form it reads, a version only compared with included); rejects with UnknownFormError when there is none.
 */
export async function loadOnlineForm(name: string, version?: number): Promise<OnlineForm> {
  let published: PublishedFormVersion;
  try {
    published = await fetchPublishedForm(name, version);
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 400) throw new UnknownFormError(`Formulario desconocido: ${name}`);
    throw error;
  }
  await importValidators(published.validators_url);
  const schema = published.schema as unknown as FormSchema;
  const sections = Object.entries(schema.properties).map(([key, node]) => ({ key, title: node.title ?? key, node }));
  return { name, version: published.version, hash: published.hash, schema, sections };
}

/**
 * SWR hook of a form: its current version, or (`version`) the one a draft is on or a request was
 * submitted under. The current one is asked at once (in parallel with the draft); another version
 * only when the answer names one that is not current.
 */
export function useOnlineForm(name: string, version?: number) {
  const current = useSWRImmutable(['form', name], () => loadOnlineForm(name));
  const other = version !== undefined && current.data !== undefined && current.data.version !== version;
  const pinned = useSWRImmutable(other ? ['form', name, version] : null, () => loadOnlineForm(name, version));
  return {
    data: other ? pinned.data : current.data,
    error: ((current.error as unknown) ?? (pinned.error as unknown)) as Error | undefined,
  };
}

/** The number of a form's current version (an open page asks now and then whether the form changed). */
export async function currentFormVersionNumber(name: string): Promise<number> {
  return (await api.get<{ data: { version: number } }>(`forms/${encodeURIComponent(name)}/version`)).data.version;
}

/** The step a data path belongs to (its first segment). */
export const sectionOf = (path: string): string => path.split('.')[0];

/** A section's title, or its key. */
export const sectionTitle = (form: OnlineForm, key: string): string => form.sections.find((s) => s.key === key)?.title ?? key;

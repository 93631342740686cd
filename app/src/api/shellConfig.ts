/**
 * GET /v1/portals/shell-config: the header script, the survey and
 * single-registration addresses and the analytics mode. Read once per page
 * life (the server lets it be cached for 5 minutes and it only changes on a
 * restart); shared by the header, the prompts and the analytics tracker.
 */
import useSWR from 'swr';
import type { ShellConfig } from '@portal/api-contract';
import { api } from '../lib/api-client';
import { paths } from '../config/paths';

export type { ShellConfig } from '@portal/api-contract';

/**
 * What the shell does when the settings cannot be read: the built-in header,
 * no prompts (their addresses are unknown) and no analytics (nothing is sent
 * to an endpoint that did not answer).
 */
export const FALLBACK_SHELL_CONFIG: ShellConfig = { headerScriptUrl: null, surveyUrl: '', registroUnicoUrl: '', analytics: 'ninguno', sandbox: null };

let loading: Promise<ShellConfig> | undefined;

/** The shell's settings; never rejects (a failure gives FALLBACK_SHELL_CONFIG). */
export function getShellConfig(): Promise<ShellConfig> {
  loading ??= api.get<ShellConfig>('portals/shell-config').catch(() => FALLBACK_SHELL_CONFIG);
  return loading;
}

/**
 * The single-registration sign-up address (REGISTRO_UNICO_URL) with the way back to Inicio
 * (`return_to`), for every link to it (Inicio, the REGISTRO_UNICO prompt); null while the
 * settings are unknown or the address is not set.
 */
export function registroUnicoHref(config: ShellConfig | undefined): string | null {
  if (!config || config.registroUnicoUrl === '') return null;
  const url = new URL(config.registroUnicoUrl, window.location.origin);
  url.searchParams.set('return_to', window.location.origin + paths.home.href());
  return url.toString();
}

/** The shell's settings for a component; undefined until read. */
export function useShellConfig(): ShellConfig | undefined {
  return useSWR('portals/shell-config', getShellConfig).data;
}

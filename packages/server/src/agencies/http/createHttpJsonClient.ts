import { AgencyUnavailableError } from '../types';

export interface HttpJsonClient {
  /** GET a JSON document; null when the agency answers 404. */
  get(path: string): Promise<unknown>;
}

/**
 * Minimal JSON client for an agency gateway: base URL + API key header,
 * per-request timeout. Network errors, timeouts, non-404 errors and invalid
 * JSON become {@link AgencyUnavailableError}.
 */
export function createHttpJsonClient(agency: string, baseUrl: string, apiKey: string, timeoutMs: number): HttpJsonClient {
  return {
    async get(path) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          headers: { accept: 'application/json', 'x-api-key': apiKey },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new AgencyUnavailableError(agency, timedOut ? 'tiempo de espera agotado' : 'error de red');
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new AgencyUnavailableError(agency, `respuesta HTTP ${response.status}`);
      }
      try {
        return (await response.json()) as unknown;
      } catch {
        throw new AgencyUnavailableError(agency, 'respuesta no es JSON válido');
      }
    },
  };
}

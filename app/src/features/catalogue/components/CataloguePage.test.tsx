/**
 * The catalogue page in jsdom with the API answered by a stand-in fetch: the
 * address drives the call, a filter writes the address (a new history entry),
 * the empty state offers the suggestion modal, and a failed call offers
 * "Intentar de nuevo" without losing the search.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CatalogueService } from '@portal/api-contract';
import { closeModal, modalStore } from '../../../modals/modalStore';
import { preloadServicePage } from '../api';
import { CataloguePage } from './CataloguePage';

const service = (id: number, name: string): CatalogueService => ({
  id, slug: `servicio-${id}`, name, description: `Descripción de ${name}`, type: 'presencial', channels: ['presencial'], cost: 500,
  estimated_time: '1 día', institution: { id: 7, acronym: 'JCE', name: 'Junta Central Electoral', site: 'https://jce.gob.do' },
  area: { id: 2, slug: 'identidad', name: 'Identidad y registro civil' }, online_form: null, apply_path: null,
});

let calls: URL[];
let answer: (url: URL) => Response;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/v1/portals/area/services') return json({ data: [{ id: 2, slug: 'identidad', name: 'Identidad y registro civil', services_count: 9 }] });
    if (url.pathname === '/v1/portals/institutions') return json({ data: [{ id: 7, acronym: 'JCE', name: 'Junta Central Electoral', site: 'https://jce.gob.do', services_count: 5 }] });
    calls.push(url);
    return answer(url);
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  closeModal();
});

function renderAt(address: string) {
  const location = memoryLocation({ path: address, record: true });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MantineProvider env="test">
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CataloguePage />
        </Router>
      </MantineProvider>
    </SWRConfig>,
  );
  return location;
}

describe('CataloguePage', () => {
  it('asks for what the address says and writes a filter change into the address', async () => {
    answer = () => json({ data: [service(1, 'Certificación de acta de nacimiento'), service(2, 'Cédula de identidad')], page: 1, per_page: 12, total: 2 });
    const location = renderAt('/servicios?q=certificacion&area=2');
    await screen.findByRole('heading', { name: '2 servicios' });
    expect(calls[0].searchParams.toString()).toBe('q=certificacion&area=2&page=1&per_page=12');
    expect(screen.getByRole('link', { name: 'Certificación de acta de nacimiento' }).getAttribute('href')).toBe('/servicios/servicio-1');
    expect((screen.getByRole('searchbox', { name: 'Buscar un servicio' }) as HTMLInputElement).value).toBe('certificacion');

    await screen.findByRole('option', { name: 'JCE · Junta Central Electoral' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Canal' }), { target: { value: 'presencial' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/servicios?q=certificacion&area=2&canal=presencial'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.getAll('channel')).toEqual(['presencial']));
    expect(location.history).toHaveLength(2);
  });

  it('the search box follows the address (the browser\'s Back) and keeps its focus', async () => {
    answer = (url) => json({ data: [service(1, `Resultado de ${url.searchParams.get('q') ?? ''}`)], page: 1, per_page: 12, total: 1 });
    const location = renderAt('/servicios?q=pasaporte');
    const box = (await screen.findByRole('searchbox', { name: 'Buscar un servicio' })) as HTMLInputElement;
    box.focus();
    act(() => location.navigate('/servicios?q=licencia'));
    await screen.findByRole('link', { name: 'Resultado de licencia' });
    expect(box.value).toBe('licencia');
    expect(document.activeElement).toBe(box);
  });

  it('a page of services preloaded from the address (before the page\'s chunk arrived) is the one the page shows, asked once', async () => {
    answer = (url) => json({ data: [service(1, `Resultado de ${url.searchParams.get('q') ?? ''}`)], page: 2, per_page: 12, total: 13 });
    preloadServicePage(new URLSearchParams('canal=presencial&q=acta&pagina=2'));
    await waitFor(() => expect(calls).toHaveLength(1));
    renderAt('/servicios?q=acta&canal=presencial&pagina=2');
    await screen.findByRole('link', { name: 'Resultado de acta' });
    expect(calls).toHaveLength(1);
    expect(calls[0].searchParams.toString()).toBe('q=acta&channel=presencial&page=2&per_page=12');
  });

  it('a new search starts again at page 1', async () => {
    answer = () => json({ data: [service(1, 'Pasaporte')], page: 2, per_page: 12, total: 13 });
    const location = renderAt('/servicios?area=2&pagina=2');
    await screen.findByText('Página 2 de 2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar un servicio' }), { target: { value: '  pasaporte ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/servicios?q=pasaporte&area=2'));
  });

  it('with no result, offers "Sugerir un servicio", which opens SERVICE_RECOMENDED', async () => {
    answer = () => json({ data: [], page: 1, per_page: 12, total: 0 });
    renderAt('/servicios?q=nada');
    await screen.findByRole('heading', { name: '0 servicios' });
    fireEvent.click(screen.getByRole('button', { name: 'Sugerir un servicio' }));
    expect(modalStore.get()?.name).toBe('SERVICE_RECOMENDED');
  });

  it('a failed call says so in Spanish; "Intentar de nuevo" asks again with the same search', async () => {
    answer = () => json({ message: 'Error interno' }, 500);
    renderAt('/servicios?q=rnc');
    await screen.findByText('No se pudieron cargar los servicios');
    answer = () => json({ data: [service(3, 'Inscripción en el RNC')], page: 1, per_page: 12, total: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await screen.findByRole('heading', { name: '1 servicio' });
    expect(calls.map((c) => c.searchParams.get('q'))).toEqual(['rnc', 'rnc']);
  });
});

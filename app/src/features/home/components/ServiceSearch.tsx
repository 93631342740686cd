import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';

/** The service search: submits to the Servicios page with ?q= (the catalogue reads it). */
export function ServiceSearch() {
  const [query, setQuery] = useState('');
  const [, navigate] = useLocation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    navigate(q ? `${paths.services.href()}?q=${encodeURIComponent(q)}` : paths.services.href());
  };
  return (
    <form role="search" onSubmit={submit} aria-label="Buscar servicios">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="¿Qué trámite busca?"
          placeholder="Por ejemplo: registro mercantil, pasaporte"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          type="search"
          size="md"
          style={{ flex: 1 }}
        />
        <Button type="submit" size="md">Buscar</Button>
      </Group>
    </form>
  );
}

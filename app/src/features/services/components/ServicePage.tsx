import { useEffect } from 'react';
import { useParams } from 'wouter';
import { ConstructionPage } from '../../../components/ConstructionPage';
import { api } from '../../../lib/api-client';
import { statusOf } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';

/**
 * /servicios/:slug. The service page itself comes with the catalogue; what it
 * does already: an address whose slug the server does not know (404 on the
 * spec's GET /portals/services/{slug}/slug) opens SLUG_ERROR.
 */
export function ServicePage() {
  const { slug } = useParams<{ slug: string }>();

  useEffect(() => {
    const controller = new AbortController();
    api.get(`portals/services/${encodeURIComponent(slug)}/slug`, { signal: controller.signal }).catch((error: unknown) => {
      if (statusOf(error) === 404) openModal('SLUG_ERROR', { data: { slug } });
    });
    return () => controller.abort();
  }, [slug]);

  return <ConstructionPage title="Servicio" />;
}

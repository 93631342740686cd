import { memo } from 'react';
import type { CatalogueService } from '@portal/api-contract';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { CHANNEL_LABELS } from '../filters';
import classes from './ServiceCard.module.css';

export interface ServiceCardProps {
  /** The service. Required. */
  service: CatalogueService;
}

/**
 * One result of the catalogue: the name links to the service page; institution,
 * area, a short description and the channels. Plain elements styled with the
 * theme's variables (ServiceCard.module.css) rather than Mantine components: a
 * filter change renders a dozen cards on its way to the paint. Memoised: a page
 * that re-renders with the same answer (the next one on its way) leaves its
 * cards alone.
 */
export const ServiceCard = memo(function ServiceCard({ service }: ServiceCardProps) {
  return (
    <article className={classes.card}>
      <Link href={paths.service.href(service.slug)} className={`${classes.name} mantine-focus-auto`}>{service.name}</Link>
      <p className={classes.meta}>
        {service.institution ? `${service.institution.acronym} · ${service.institution.name}` : 'Institución no disponible'}
        {service.area ? ` · ${service.area.name}` : ''}
      </p>
      <p className={classes.description}>{service.description}</p>
      <div className={classes.channels}>
        {service.channels.map((channel) => (
          <span key={channel} className={channel === 'en_linea' ? `${classes.channel} ${classes.online}` : classes.channel}>{CHANNEL_LABELS[channel]}</span>
        ))}
      </div>
    </article>
  );
});

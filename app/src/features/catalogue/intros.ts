/**
 * The headings and introductions of the catalogue's pages: drawn by each page and by its frame while the
 * page's code loads (components/PageIntro.tsx). In the first bundle, so kept to the texts.
 */
import type { PageIntroText } from '../../components/PageIntro';

export const CATALOGUE_INTRO: PageIntroText = {
  title: 'Servicios',
  intro: 'Busque entre los servicios de las instituciones del Estado dominicano: qué necesita, cuánto cuesta y dónde se hace.',
  loading: 'Cargando el catálogo',
};

export const INSTITUTIONS_INTRO: PageIntroText = {
  title: 'Instituciones',
  intro: 'Las instituciones del Estado dominicano que ofrecen servicios en este portal, con su sitio oficial y sus servicios.',
  loading: 'Cargando las instituciones',
};

export const PUNTOS_GOB_INTRO: PageIntroText = {
  title: 'Puntos GOB',
  intro: 'Centros donde puede hacer en persona los servicios de varias instituciones del Estado en un mismo lugar.',
  loading: 'Cargando los Puntos GOB',
};

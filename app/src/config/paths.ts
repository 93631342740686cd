/** Typed route registry: every in-app link is built here. */
export const paths = {
  home: () => '/',
  login: () => '/ingresar',
  application: (id: number | string, step?: string) => (step ? `/formalizacion/${id}/${step}` : `/formalizacion/${id}`),
  review: (id: number | string) => `/formalizacion/${id}/revisar`,
  confirmation: (id: number | string) => `/formalizacion/${id}/confirmacion`,
} as const;

export const routePatterns = {
  home: '/',
  login: '/ingresar',
  review: '/formalizacion/:id/revisar',
  confirmation: '/formalizacion/:id/confirmacion',
  applicationStep: '/formalizacion/:id/:step',
  application: '/formalizacion/:id',
} as const;

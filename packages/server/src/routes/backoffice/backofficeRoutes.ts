/**
 * The institution back office under /v1/backoffice: staff sign-in, and every
 * staff route behind app.authenticateStaff (added to each route registered in
 * the encapsulated context below, so a new staff route cannot forget it).
 */
import type { FastifyInstance } from 'fastify';
import { claimStaffRoutes } from './claimStaffRoutes';
import { staffAuthRoutes } from './staffAuthRoutes';
import { staffListRoutes } from './staffListRoutes';
import { staffMemberRoutes } from './staffMemberRoutes';
import { formPublishRoutes } from './formPublishRoutes';
import { staffPaymentRoutes } from './staffPaymentRoutes';
import { staffRequestRoutes } from './staffRequestRoutes';

export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffAuthRoutes);
  await app.register(async (staffOnly) => {
    // First among the route's own onRequest hooks, where the OpenAPI check (routeContract.ts) sees it: the route declares staffSecurity.
    staffOnly.addHook('onRoute', (route) => {
      const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [staffOnly.authenticateStaff, ...own];
    });
    // Staff routes are registered here.
    await staffOnly.register(claimStaffRoutes);
    await staffOnly.register(staffRequestRoutes);
    await staffOnly.register(staffListRoutes);
    await staffOnly.register(staffMemberRoutes);
    await staffOnly.register(formPublishRoutes);
    await staffOnly.register(staffPaymentRoutes);
  });
}

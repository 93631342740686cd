/**
 * The institution back office under /v1/backoffice: staff sign-in, and every
 * staff route behind app.authenticateStaff (registered in the encapsulated
 * context below, so a new staff route cannot forget it).
 */
import type { FastifyInstance } from 'fastify';
import { claimStaffRoutes } from './claimStaffRoutes';
import { staffAuthRoutes } from './staffAuthRoutes';
import { staffListRoutes } from './staffListRoutes';
import { staffPaymentRoutes } from './staffPaymentRoutes';
import { staffRequestRoutes } from './staffRequestRoutes';

export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffAuthRoutes);
  await app.register(async (staffOnly) => {
    staffOnly.addHook('onRequest', staffOnly.authenticateStaff);
    // Staff routes are registered here.
    await staffOnly.register(claimStaffRoutes);
    await staffOnly.register(staffRequestRoutes);
    await staffOnly.register(staffListRoutes);
    await staffOnly.register(staffPaymentRoutes);
  });
}

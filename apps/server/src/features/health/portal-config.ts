import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../platform/http/access';

/** Settings the web app needs before and after login that come from the server's configuration. */
export async function portalConfigRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/portal/config',
    {
      config: { access: publicRoute('map tiles are configured per server, also for the public pages') },
      schema: {
        response: {
          200: z.object({
            map_tile_url: z.string(),
            map_attribution: z.string(),
            map_default_center: z.tuple([z.number(), z.number()]),
          }),
        },
      },
    },
    async () => ({
      map_tile_url: app.deps.config.MAP_TILE_URL,
      map_attribution: app.deps.config.MAP_ATTRIBUTION,
      map_default_center: [52.5, 6.08] as [number, number],
    }),
  );
}

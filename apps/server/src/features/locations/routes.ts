import {
  checkLocationFields,
  normalizePostcode,
  zAddressInput,
  zAddressLookup,
  zAddressLookupQuery,
  zCreateLocation,
  zId,
  zIdParams,
  zLocation,
  zLocationType,
  zLocationTypeInput,
  zMessage,
  zUpdateLocation,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { location } from '../../platform/db/tables/locations.schema';
import { notFound, validationError } from '../../platform/errors';
import { geocodeFailedMessage } from '../../platform/geocode';
import { anyUser, moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { loadLocation, loadLocations } from './location-dto';
import {
  createLocationType,
  deleteLocationType,
  listLocationTypes,
  updateLocationType,
} from './location-types';
import { lookupAddress } from './lookup-address';
import {
  changesAddress,
  coordinatesFor,
  createLocation,
  deleteLocation,
  geocodeAddress,
  ownerOf,
  updateLocation,
} from './save-location';

export { fullAddress, normalizePostcode, zInlineLocation } from '@im/domain';
export { addressOf, loadLocations, mainLocationsOf } from './location-dto';
export { afterLocationsChanged, coordinatesFor, createLocation, type LocationOwner } from './save-location';

const CRM = { access: moduleRoute('CRM') };

/**
 * Per user: a form asks once per complete postcode and house number (debounced), so this is far
 * above a person typing and stops a script from using the server as a free PDOK proxy.
 */
export const ADDRESS_LOOKUP_RATE_LIMIT = {
  max: 60,
  timeWindow: '1 minute',
  // The access hook runs first (an app-level hook before the route's), so the caller is known.
  keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip),
};
const zOwnerQuery = z
  .object({ relation_id: zId.optional(), organization_id: zId.optional() })
  .refine((q) => (q.relation_id === undefined) !== (q.organization_id === undefined), {
    message: 'Geef relation_id of organization_id.',
    path: ['relation_id'],
  });

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/location',
    { config: CRM, schema: { querystring: zOwnerQuery, response: { 200: z.array(zLocation) } } },
    async (request) => {
      const { relation_id, organization_id } = request.query;
      return tenantTx(request, (tx) =>
        loadLocations(
          tx,
          relation_id !== undefined
            ? eq(location.relationId, relation_id)
            : eq(location.organizationId, organization_id!),
        ),
      );
    },
  );

  r.get(
    '/api/address/lookup',
    {
      config: { access: anyUser, rateLimit: ADDRESS_LOOKUP_RATE_LIMIT },
      schema: {
        summary:
          'Street and city of a Dutch postcode and house number (PDOK); 404 not found, 503 unreachable',
        querystring: zAddressLookupQuery,
        response: { 200: zAddressLookup },
      },
    },
    // No transaction: the lookup waits on the network and reads nothing of the company.
    (request) => lookupAddress(app.deps.geocoder, request.query),
  );

  r.post(
    '/api/location/geocode',
    {
      config: CRM,
      schema: {
        body: zAddressInput.superRefine((v, ctx) => checkLocationFields(v, ctx)),
        response: { 200: z.object({ lat: z.number(), lng: z.number() }) },
      },
    },
    async (request) => {
      const a = request.body;
      const result = await app.deps.geocoder.geocode({
        address: a.address,
        number: a.number,
        numberAddition: a.number_addition,
        postcode: a.postcode ? (normalizePostcode(a.postcode, a.country) ?? a.postcode) : '',
        city: a.city,
        country: a.country || 'Nederland',
      });
      if (result.status !== 'OK') throw validationError(geocodeFailedMessage(result.status));
      return { lat: result.lat, lng: result.lng };
    },
  );

  r.get(
    '/api/location/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zLocation } } },
    async (request) => {
      const found = await tenantTx(request, (tx) => loadLocation(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    '/api/location',
    { config: CRM, schema: { body: zCreateLocation, response: { 201: zLocation } } },
    async (request, reply) => {
      // Geocoding waits on the network: before the transaction, not inside it.
      const coords = await coordinatesFor(app.deps.geocoder, request.body);
      const created = await tenantTx(request, async (tx) => {
        const owner = await ownerOf(tx, request.body);
        return loadLocation(tx, await createLocation(tx, owner, request.body, coords));
      });
      return reply.status(201).send(created!);
    },
  );

  r.patch(
    '/api/location/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateLocation, response: { 200: zLocation } } },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const before = await tenantTx(request, (tx) => loadLocation(tx, id));
      if (!before) throw notFound();
      let coords: Awaited<ReturnType<typeof coordinatesFor>> | undefined;
      if (input.lat !== undefined) coords = input.lat === null ? null : { lat: input.lat, lng: input.lng! };
      else if (changesAddress(before, input)) {
        coords = await geocodeAddress(app.deps.geocoder, {
          address: input.address ?? before.address,
          number: input.number ?? before.number,
          number_addition: input.number_addition ?? before.number_addition,
          postcode: input.postcode ?? before.postcode,
          city: input.city ?? before.city,
          country: input.country || before.country,
        });
      }
      const updated = await tenantTx(request, async (tx) =>
        (await updateLocation(tx, id, input, coords)) ? loadLocation(tx, id) : null,
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/location/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteLocation(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Locatie verwijderd.' };
    },
  );

  r.get(
    '/api/locationtype',
    { config: CRM, schema: { response: { 200: z.array(zLocationType) } } },
    async (request) => tenantTx(request, (tx) => listLocationTypes(tx)),
  );

  r.post(
    '/api/locationtype',
    { config: CRM, schema: { body: zLocationTypeInput, response: { 201: zLocationType } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createLocationType(tx, request.body))),
  );

  r.patch(
    '/api/locationtype/:id',
    {
      config: CRM,
      schema: { params: zIdParams, body: zLocationTypeInput, response: { 200: zLocationType } },
    },
    async (request) => {
      const updated = await tenantTx(request, (tx) =>
        updateLocationType(tx, request.params.id, request.body),
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/locationtype/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      const deleted = await tenantTx(request, (tx) => deleteLocationType(tx, request.params.id));
      if (!deleted) throw notFound();
      return { message: 'Locatietype verwijderd.' };
    },
  );
}

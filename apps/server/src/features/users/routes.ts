import {
  PROTECTED_MESSAGE,
  PROTECTED_USER_ID,
  zCreateUserRequest,
  zPasswordChange,
  zPortalLink,
  zSessionData,
  zUpdateUser,
  zUser,
  zUserPage,
  zUserQuery,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OLD_PASSWORD_WRONG, PASSWORD_CHANGED } from '../../platform/auth/messages';
import { hashPassword, requireConfirmation, verifyPassword } from '../../platform/auth/passwords';
import { endUserSessions } from '../../platform/auth/sessions';
import { user } from '../../platform/db/tables/users.schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { anyUser, anyUserOrPartner } from '../../platform/http/access';
import { authOf, tenantReads, tenantTx } from '../../platform/http/request-auth';
import { findUserById, isEmailTaken, loadUserDto } from './find-user';
import { issuePortalLink } from './issue-portal-link';
import { queryUsers } from './query-users';
import { saveUser, targetCompanyId } from './save-user';
import { sessionDataPlan } from './session-data';
import { updateUser } from './update-user';
import { userManagerTx, userScopeTx } from './user-access';

const zId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/getcurrentuser',
    { config: { access: anyUserOrPartner }, schema: { response: { 200: zSessionData } } },
    async (request) => tenantReads(request, sessionDataPlan(authOf(request))),
  );

  // The side menu's portal link (decision 067): a 5-minute token signed for the portal, never the session's.
  r.post(
    '/api/user/portaltoken',
    {
      // Without the user's portal flag: 403.
      config: { access: anyUserOrPartner, openapi: { forbidden: true } },
      schema: { response: { 200: zPortalLink } },
    },
    async (request) => tenantTx(request, (tx) => issuePortalLink(tx, authOf(request), app.deps.config)),
  );

  r.get(
    '/api/user/querypaginated',
    { config: { access: anyUser }, schema: { querystring: zUserQuery, response: { 200: zUserPage } } },
    async (request) => userManagerTx(request, (tx) => queryUsers(tx, request.query)),
  );

  r.post(
    '/api/user',
    { config: { access: anyUser }, schema: { body: zCreateUserRequest, response: { 201: zUser } } },
    async (request, reply) => {
      const auth = authOf(request);
      const emailTaken = (email: string) => app.deps.db.platform((tx) => isEmailTaken(tx, email));
      const created = await userManagerTx(request, (tx, scope) =>
        saveUser(tx, targetCompanyId(auth, scope, request.body), request.body, emailTaken),
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/user/:id',
    { config: { access: anyUser }, schema: { params: zId, response: { 200: zUser } } },
    async (request) => {
      const found = await userScopeTx(request, request.params.id, (tx) => loadUserDto(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.patch(
    '/api/user/:id',
    {
      // 403 beyond the role: a field the caller may not change (experimental feature flags: decision 070).
      config: { access: anyUser, openapi: { forbidden: true } },
      schema: { params: zId, body: zUpdateUser, response: { 200: zUser } },
    },
    async (request) => {
      const auth = authOf(request);
      const emailTaken = (email: string) =>
        app.deps.db.platform((tx) => isEmailTaken(tx, email, request.params.id));
      const updated = await userScopeTx(request, request.params.id, (tx, scope) =>
        updateUser(tx, request.params.id, request.body, scope, auth.role, emailTaken),
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  r.delete(
    '/api/user/:id',
    {
      config: { access: anyUser },
      schema: { params: zId, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { id } = request.params;
      if (id === PROTECTED_USER_ID || id === authOf(request).userId)
        throw new AppError('conflict', PROTECTED_MESSAGE);
      const deleted = await userManagerTx(request, async (tx) => {
        const u = await findUserById(tx, id);
        if (!u) return null;
        await tx.update(user).set({ deletedAt: new Date() }).where(eq(user.id, id));
        await writeLog(tx, {
          type: 'user',
          id,
          action: 'delete',
          description: 'Gebruiker verwijderd',
          companyId: u.companyId,
        });
        return true;
      });
      if (!deleted) throw notFound();
      return { message: 'Gebruiker verwijderd.' };
    },
  );

  r.post(
    '/api/user/:id/updatepassword',
    {
      config: { access: anyUserOrPartner },
      schema: {
        params: zId,
        body: zPasswordChange,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // Only one's own password changes here; administrators reset others through the reset mail.
      if (request.params.id !== auth.userId) throw notFound();
      const { oldpassword, password, password_confirmation } = request.body;
      requireConfirmation(password, password_confirmation);
      const current = await tenantTx(request, (tx) => findUserById(tx, auth.userId));
      if (!current || !(await verifyPassword(current.passwordHash, oldpassword))) {
        throw validationError(OLD_PASSWORD_WRONG, { oldpassword: [OLD_PASSWORD_WRONG] });
      }
      const passwordHash = await hashPassword(password);
      await tenantTx(request, async (tx) => {
        await tx.update(user).set({ passwordHash, updatedAt: new Date() }).where(eq(user.id, auth.userId));
        // Whoever else held a session of this user (another device, a stolen token) is out at once.
        await endUserSessions(tx, auth.userId, auth.sessionId);
        await writeLog(tx, {
          type: 'user',
          id: auth.userId,
          action: 'password',
          description: 'Wachtwoord gewijzigd',
        });
      });
      return { message: PASSWORD_CHANGED };
    },
  );
}

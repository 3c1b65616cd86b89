import {
  PASSWORD_RESET_SENT_ALERT,
  zLogin,
  zLoginRequest,
  zLostPasswordRequest,
  zRegisterRequest,
  zResetPasswordRequest,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGGED_OUT, PASSWORD_CHANGED } from '../../platform/auth/messages';
import { requireConfirmation } from '../../platform/auth/passwords';
import { endSession } from '../../platform/auth/sessions';
import { writeLog } from '../../platform/events/write-log';
import { anyUserOrPartner, moduleRoute, publicRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { adminLogin } from './admin-login';
import { authenticate } from './authenticate';
import { requestPasswordReset, resetPassword } from './password-reset';
import { register } from './register';

const zMessage = z.object({ message: z.string() });
const zUserId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const PER_ADDRESS = { max: 10, timeWindow: '1 minute' };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/authenticate',
    {
      config: { access: publicRoute('logging in') },
      schema: {
        body: zLoginRequest,
        response: { 200: zLogin },
      },
    },
    async (request) => {
      const { email, password } = request.body as { email: string; password: string };
      return authenticate(app.deps, {
        email,
        password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.get(
    '/api/authenticate/logout',
    { config: { access: anyUserOrPartner }, schema: { response: { 200: zMessage } } },
    async (request) => {
      const auth = authOf(request);
      await tenantTx(request, async (tx) => {
        await endSession(tx, auth.sessionId);
        await writeLog(tx, { type: 'user', id: auth.userId, action: 'logout', description: 'Uitgelogd' });
      });
      return { message: LOGGED_OUT };
    },
  );

  app.post(
    '/api/password/email',
    {
      config: {
        access: publicRoute('a user who forgot the password is not logged in'),
        rateLimit: PER_ADDRESS,
      },
      schema: { body: zLostPasswordRequest, response: { 200: zMessage } },
    },
    async (request) => {
      await requestPasswordReset(app.deps, (request.body as { email: string }).email);
      return { message: PASSWORD_RESET_SENT_ALERT };
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: { access: publicRoute('the reset token is the credential'), rateLimit: PER_ADDRESS },
      schema: {
        body: zResetPasswordRequest,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const body = request.body as {
        token: string;
        email: string;
        password: string;
        password_confirmation: string;
      };
      requireConfirmation(body.password, body.password_confirmation);
      await resetPassword(app.deps, body);
      return { message: PASSWORD_CHANGED };
    },
  );

  app.post(
    '/api/register',
    {
      config: { access: publicRoute('signing up a new company'), rateLimit: PER_ADDRESS },
      schema: {
        body: zRegisterRequest,
        response: { 201: zLogin },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        companyname: string;
        name: string;
        surname: string;
        email: string;
        password: string;
        password_confirmation: string;
      };
      requireConfirmation(body.password, body.password_confirmation);
      const result = await register(app.deps, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(result);
    },
  );

  // Log in as another user of the company (admins; the session carries both identities).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/:id/adminlogin',
    {
      config: { access: moduleRoute('ADMIN', 5000) },
      schema: { params: zUserId, response: { 200: zLogin } },
    },
    async (request) =>
      adminLogin(app.deps, authOf(request), request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );
}

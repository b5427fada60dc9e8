// auth.login (docs/wire-facts.md §2): a signed, expiring token for the authenticated caller.
import { handler, type ServedHandlersOf } from './handler.js';
import {
  DEFAULT_TOKEN_EXPIRATION_SEC,
  type LoginRequest,
  type LoginResponse,
  MAX_TOKEN_EXPIRATION_SEC,
} from '../../wire/auth.js';
import { MAX_API_VERSION } from '../../wire/envelope.js';
import { TOKEN_COOKIE } from '../auth/authenticate.js';
import { newId } from '../db/ids.js';
import { signJwt } from '../auth/jwt.js';
import { COMPANY_NAME, jwtSecret, keyGeneration } from '../db/server-meta.js';
import { requestShape, v } from '../http/validate.js';
import { VERSION } from '../../version.js';

const login = handler(
  requestShape<LoginRequest>()({
    expiration_sec: v.int({ min: 1, max: MAX_TOKEN_EXPIRATION_SEC }).default(DEFAULT_TOKEN_EXPIRATION_SEC),
  }),
  (req, ctx): LoginResponse => {
    const iat = Math.floor(ctx.now() / 1000);
    const { identity } = ctx;
    const token = signJwt(
      {
        identity: {
          user: identity.user,
          company: identity.company,
          role: identity.role,
          user_name: identity.userName,
          company_name: COMPANY_NAME,
        },
        session_id: newId(),
        iat,
        exp: iat + req.expiration_sec,
        kgen: keyGeneration(ctx.db),
        ak: identity.accessKey,
        kt: identity.keyTag,
        api_version: MAX_API_VERSION,
        server_version: VERSION,
      },
      jwtSecret(ctx.db),
    );
    ctx.setResponseHeader?.('set-cookie', `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
    return { token };
  },
);

export const authHandlers: ServedHandlersOf<'auth.login'> = { 'auth.login': login };

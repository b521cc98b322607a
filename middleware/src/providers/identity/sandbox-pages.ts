import { servePages } from '../sandbox-page.js';
import { z } from 'zod/mini';
import type { Api } from '../../http/api.js';
import { htmlPage, redirect } from '../../http/responses.js';
import type { BvnConsentSessions } from './index.js';
import {
  BVN_FORMAT_MESSAGE,
  CONSENT_PAGE,
  CONSENT_REQUIRED_MESSAGE,
  renderConsentPage,
  renderSessionGonePage,
} from './sandbox-consent-page.js';

export const BVN_CONSENT_PATH = '/sandbox/identity/bvn-consent';

const consentParams = z.strictObject({ sessionId: z.string().check(z.maxLength(64)) });
/** The form as a browser posts it (urlencoded); checked by hand so the page can re-render. */
const consentForm = z.optional(
  z.object({
    bvn: z.optional(z.string()),
    consent: z.optional(z.string()),
    action: z.optional(z.string()),
  }),
);

/**
 * The sandbox identity provider's consent page (what NIBSS iGree shows a customer), served under
 * /api in sandbox mode. A browser navigation sends neither a bearer token nor the app-check
 * header: the single-use session id is the capability.
 */
export async function sandboxConsentPages(app: Api, sessions: BvnConsentSessions) {
  const sendPage = servePages(app, CONSENT_PAGE);

  const page = htmlPage('The consent page (or its error)');
  const path = `${BVN_CONSENT_PATH}/:sessionId`;

  app.get(
    path,
    {
      config: { appCheck: false },
      schema: { params: consentParams, response: { 200: page, 404: page } },
    },
    async (request, reply) => {
      if (!(await sessions.isLive(request.params.sessionId))) {
        return sendPage(reply, 404, renderSessionGonePage());
      }
      return sendPage(reply, 200, renderConsentPage({ action: request.url }));
    },
  );

  app.post(
    path,
    {
      config: { appCheck: false },
      schema: {
        params: consentParams,
        body: consentForm,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 303: redirect, 400: page, 404: page },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      const form = request.body ?? {};
      const cancelled = form.action === 'cancel';
      const bvn = (form.bvn ?? '').trim();
      if (!cancelled) {
        const error = !/^\d{11}$/.test(bvn)
          ? BVN_FORMAT_MESSAGE
          : form.consent !== 'yes'
            ? CONSENT_REQUIRED_MESSAGE
            : null;
        if (error) {
          if (!(await sessions.isLive(sessionId))) {
            return sendPage(reply, 404, renderSessionGonePage());
          }
          const html = renderConsentPage({ action: request.url, error, bvn: bvn.slice(0, 11) });
          return sendPage(reply, 400, html);
        }
      }
      const result = await sessions.complete(
        sessionId,
        cancelled ? { cancelled: true } : { cancelled: false, bvn },
      );
      if (!result) return sendPage(reply, 404, renderSessionGonePage());
      const query = new URLSearchParams({ status: result.status, tid: result.tid });
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/bvn-verification-status?${query.toString()}`, 303);
    },
  );
}

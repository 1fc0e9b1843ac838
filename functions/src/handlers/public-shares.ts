import { endpointPath, endpoints } from '@thumbnail-studio/contract';
import type { Context } from 'aws-lambda';
import { getBlob } from '../adapters/blob-store';
import { renderGonePage, renderSharedPage } from '../core/share-page';
import { NotFoundError } from '../lib/errors';
import { type ApiEvent, type ApiResult, createApiHandler, imageAnswer } from '../lib/http';
import { requireSetting } from '../lib/settings';
import type { RouteKey } from '../routes';
import { findSharedImage } from '../services/shared-image';

/**
 * Never kept by a browser, CloudFront or a proxy: each request looks the link up again, so a
 * revoked link stops working at once.
 */
const NO_STORE = 'no-store';

const appOrigin = () => requireSetting('APP_ORIGIN').replace(/\/+$/, '');

const html = (statusCode: number, body: string): ApiResult => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_STORE },
  body,
});

const goneError = () => new NotFoundError('This thumbnail is no longer shared');

async function requireShared(token: string | undefined) {
  const shared = token ? await findSharedImage(token) : undefined;
  if (!shared) throw goneError();
  return shared;
}

const api = createApiHandler<RouteKey<'public-shares'>>(
  {
    'GET /api/shared/{token}': async ({ params }) => {
      const token = params.token ?? '';
      const { message } = await requireShared(token);
      const origin = appOrigin();
      return html(
        200,
        renderSharedPage({
          prompt: message.prompt,
          pageUrl: `${origin}${endpointPath(endpoints.getSharedPage, { token })}`,
          imageUrl: `${origin}${endpointPath(endpoints.getSharedImage, { token })}`,
          appUrl: `${origin}/`,
        }),
      );
    },

    // The picture's bytes, not a redirect: a storage URL would keep working after a revoke,
    // while this answer, looked up and never kept, ends with the link. Previews need no sign-in.
    'GET /api/shared/{token}/image': async ({ params }) => {
      const { pictureKey } = await requireShared(params.token);
      const picture = await getBlob(pictureKey);
      if (!picture) throw goneError();
      return imageAnswer(picture.contentType, picture.bytes);
    },
  },
  { publicRoutes: ['GET /api/shared/{token}', 'GET /api/shared/{token}/image'] },
);

/**
 * A shared image's page and picture, for anyone with the link; no sign-in. A link that is
 * revoked, deleted or never existed gets a 404 page a person can read.
 */
export async function handler(event: ApiEvent, context?: Context): Promise<ApiResult> {
  const result = await api(event, context);
  if (result.statusCode === 404 && event.routeKey === 'GET /api/shared/{token}') {
    return html(404, renderGonePage(`${appOrigin()}/`));
  }
  return result;
}

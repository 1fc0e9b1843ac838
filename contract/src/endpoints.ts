import * as z from 'zod/mini';
import { brandKitSchema, putBrandKitBodySchema } from './brand-kit';
import {
  checkoutSessionSchema,
  createCheckoutSessionBodySchema,
  verifySessionSchema,
  webhookReceiptSchema,
} from './checkout';
import {
  compareTestAnswerSchema,
  compareTestBodySchema,
  compareTestListSchema,
  compareWinnerBodySchema,
} from './compare-tests';
import { creditBalanceSchema, creditHistorySchema } from './credits';
import { testAndCompareBodySchema } from './exports';
import { galleryPageSchema, shareSchema } from './gallery';
import {
  conversationSchema,
  createConversationBodySchema,
  downloadSchema,
  jobUpdatesSchema,
  messagePageSchema,
  messageSchema,
  renameConversationBodySchema,
  sendMessageBodySchema,
  sendResultSchema,
} from './messages';
import {
  addModelImagesBodySchema,
  deleteModelBodySchema,
  modelAnswerSchema,
  modelImageBodySchema,
  modelListSchema,
  updateModelBodySchema,
  uploadModelBodySchema,
} from './models';
import { ownKeyInputsBodySchema, ownKeyInputsSchema, saveOwnKeyAnswerBodySchema } from './own-keys';
import { providerListSchema } from './providers';
import { editTextBodySchema } from './text-layers';
import { titleIdeasBodySchema, titleIdeasSchema } from './title-ideas';
import {
  createUploadBodySchema,
  uploadSchema,
  videoThumbnailBodySchema,
  videoThumbnailSchema,
} from './uploads';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the API: where it answers, what it takes and what it answers. */
export interface Endpoint {
  method: HttpMethod;
  /** `{name}` marks a path parameter, as API Gateway writes it. */
  path: `/api/${string}`;
  /** The JSON body it takes, if any. */
  body?: z.ZodMiniType;
  /** The JSON it answers with on success; null for an empty answer (204) or one that is not JSON. */
  response: z.ZodMiniType | null;
  /** What it answers when that is not JSON: a web page, an image, or a zip file. */
  answers?: 'html' | 'image' | 'zip';
  /**
   * True where no Cognito token is asked for: the caller is proven another way (a signature), or
   * the route is meant for anyone (a shared image, found only by its unguessable token).
   */
  public?: boolean;
}

/**
 * Every endpoint of the API, by the name of what it does. The backend's route
 * table serves each of these exactly once, and the web app reaches the backend
 * only through them, so neither can call a path the other does not have.
 */
export const endpoints = {
  getCredits: { method: 'GET', path: '/api/credits', response: creditBalanceSchema },
  /** Takes `?cursor=` from the previous page's `next_cursor`. */
  getCreditHistory: { method: 'GET', path: '/api/credits/history', response: creditHistorySchema },
  createCheckoutSession: {
    method: 'POST',
    path: '/api/create-checkout-session',
    body: createCheckoutSessionBodySchema,
    response: checkoutSessionSchema,
  },
  verifySession: { method: 'GET', path: '/api/verify-session/{sessionId}', response: verifySessionSchema },
  /** Stripe's events: proven by their signature over the raw body, not by a Cognito token. */
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe-webhook',
    response: webhookReceiptSchema,
    public: true,
  },
  listConversations: {
    method: 'GET',
    path: '/api/conversations',
    response: z.object({ conversations: z.array(conversationSchema) }),
  },
  /** Without a title, the caller's conversation nobody has written in yet is opened again (200), else one is made (201). */
  createConversation: {
    method: 'POST',
    path: '/api/conversations',
    body: createConversationBodySchema,
    response: z.object({ conversation: conversationSchema }),
  },
  renameConversation: {
    method: 'PATCH',
    path: '/api/conversations/{id}',
    body: renameConversationBodySchema,
    response: z.object({ conversation: conversationSchema }),
  },
  deleteConversation: { method: 'DELETE', path: '/api/conversations/{id}', response: null },
  /** The newest page; `?cursor=` from the previous page's `next_cursor` continues to older ones. */
  listMessages: { method: 'GET', path: '/api/conversations/{id}/messages', response: messagePageSchema },
  sendMessage: {
    method: 'POST',
    path: '/api/conversations/{id}/messages',
    body: sendMessageBodySchema,
    response: sendResultSchema,
  },
  /**
   * What a send with the creator's own key gives the provider from the browser (the same
   * choice of images a backend job makes), as signed URLs. Nothing is stored or charged.
   */
  getOwnKeyInputs: {
    method: 'POST',
    path: '/api/conversations/{id}/own-key-inputs',
    body: ownKeyInputsBodySchema,
    response: ownKeyInputsSchema,
  },
  /**
   * Stores an answer made with the creator's own key: the user's message and the assistant's
   * with the images (re-encoded from the creator's own uploads, with the usual previews and
   * downloads) or the error. Writes no ledger entry: nothing was charged.
   */
  saveOwnKeyAnswer: {
    method: 'POST',
    path: '/api/conversations/{id}/own-key-answers',
    body: saveOwnKeyAnswerBodySchema,
    response: sendResultSchema,
  },
  /**
   * Follows a conversation's jobs in one request: `?follow=` each followed message's id and the
   * revision the chat has of it (`followParam`); answers only those that changed since.
   */
  getJobUpdates: { method: 'GET', path: '/api/conversations/{id}/jobs', response: jobUpdatesSchema },
  /** One message with every image URL signed: the full size and the download are signed here, when used. */
  getMessage: { method: 'GET', path: '/api/messages/{id}', response: z.object({ message: messageSchema }) },
  /**
   * One download of an image message (`{format}`: `jpeg` or `png`): made from the original the first
   * time it is asked for, then signed like any image. `?image=<index>` names one of an answer's
   * variations; the first by default.
   */
  getDownload: { method: 'GET', path: '/api/messages/{id}/downloads/{format}', response: downloadSchema },
  /**
   * Redraws one image's text from its layers, at no credit and with no provider call: answers a
   * new assistant image message ('Text edited', an edit) in the same conversation, so the chat
   * keeps every version.
   */
  editText: {
    method: 'PUT',
    path: '/api/messages/{id}/text',
    body: editTextBodySchema,
    response: z.object({ message: messageSchema }),
  },
  /** The caller's generated images, newest first; `?cursor=` from the previous page's `next_cursor`. */
  listGallery: { method: 'GET', path: '/api/gallery', response: galleryPageSchema },
  /**
   * Makes (or answers again) the public link of one of the caller's images: `?image=<index>` names
   * one of an answer's variations, the first by default. Each variation has a link of its own.
   */
  shareImage: { method: 'POST', path: '/api/messages/{id}/share', response: shareSchema },
  /**
   * Revokes the public link of one image (`?image=<index>`, as when sharing): its page and picture
   * are gone at once; the message's other images keep theirs.
   */
  unshareImage: { method: 'DELETE', path: '/api/messages/{id}/share', response: null },
  /**
   * One zip of the YouTube-ready 1280x720 JPEGs of 2 or 3 of the caller's images, numbered in the
   * order given, for YouTube Studio's Test & Compare; its file name in `Content-Disposition`.
   */
  exportTestAndCompare: {
    method: 'POST',
    path: '/api/exports/test-and-compare',
    body: testAndCompareBodySchema,
    response: null,
    answers: 'zip',
  },
  /** Saves a Test & Compare test of the caller's images (2 or 3) and titles (up to 3). */
  createCompareTest: {
    method: 'POST',
    path: '/api/tests',
    body: compareTestBodySchema,
    response: compareTestAnswerSchema,
  },
  /** The caller's tests, newest first. */
  listCompareTests: { method: 'GET', path: '/api/tests', response: compareTestListSchema },
  /** Records the winner of one of the caller's tests (another creator's is not found). */
  recordCompareWinner: {
    method: 'PUT',
    path: '/api/tests/{id}',
    body: compareWinnerBodySchema,
    response: compareTestAnswerSchema,
  },
  /**
   * Five title ideas for one of the caller's images or conversations, written by the text model
   * (or offline by templates), starting from a linked video's own title. No credit is charged.
   */
  suggestTitles: {
    method: 'POST',
    path: '/api/title-ideas',
    body: titleIdeasBodySchema,
    response: titleIdeasSchema,
  },
  /**
   * The public page of a shared image, for anyone with the link: server-rendered HTML with the
   * Open Graph tags chat and social apps preview; a 404 page once the link is revoked.
   */
  getSharedPage: {
    method: 'GET',
    path: '/api/shared/{token}',
    response: null,
    answers: 'html',
    public: true,
  },
  /** The shared image's 1280x720 JPEG itself, while the link exists (never a URL that outlives it). */
  getSharedImage: {
    method: 'GET',
    path: '/api/shared/{token}/image',
    response: null,
    answers: 'image',
    public: true,
  },
  listProviders: { method: 'GET', path: '/api/providers', response: providerListSchema },
  /** A new person model from a name and photos (data URLs or upload keys); the first photo is primary. */
  uploadModel: {
    method: 'POST',
    path: '/api/models-upload',
    body: uploadModelBodySchema,
    response: modelAnswerSchema,
  },
  /** The caller's models, oldest first. `?active=true` (or none) lists them all: deleting is permanent. */
  listModels: { method: 'GET', path: '/api/models-list', response: modelListSchema },
  updateModel: {
    method: 'PUT',
    path: '/api/models-update',
    body: updateModelBodySchema,
    response: modelAnswerSchema,
  },
  deleteModel: { method: 'DELETE', path: '/api/models-delete', body: deleteModelBodySchema, response: null },
  addModelImages: {
    method: 'POST',
    path: '/api/models-images',
    body: addModelImagesBodySchema,
    response: modelAnswerSchema,
  },
  deleteModelImage: {
    method: 'DELETE',
    path: '/api/models-images',
    body: modelImageBodySchema,
    response: modelAnswerSchema,
  },
  setPrimaryModelImage: {
    method: 'PUT',
    path: '/api/models-images',
    body: modelImageBodySchema,
    response: modelAnswerSchema,
  },
  /** The caller's brand kit; a creator who has not saved one gets the default kit. */
  getBrandKit: { method: 'GET', path: '/api/brand-kit', response: brandKitSchema },
  /** Stores the caller's brand kit (all of it) and answers it as stored, the logo signed. */
  putBrandKit: {
    method: 'PUT',
    path: '/api/brand-kit',
    body: putBrandKitBodySchema,
    response: brandKitSchema,
  },
  createUpload: {
    method: 'POST',
    path: '/api/uploads',
    body: createUploadBodySchema,
    response: uploadSchema,
  },
  fetchVideoThumbnail: {
    method: 'POST',
    path: '/api/video-thumbnails',
    body: videoThumbnailBodySchema,
    response: videoThumbnailSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
/** The path parameters an endpoint needs, e.g. `{ id: string }`. */
export type PathParams<E extends Endpoint> = { [K in ParamNames<E['path']>]: string };
/** The body an endpoint takes, as the caller writes it (defaults may be left out). */
export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodMiniType
  ? z.input<E['body']>
  : undefined;
/** What an endpoint answers with on success. */
export type ResponseBody<E extends Endpoint> = E['response'] extends z.ZodMiniType
  ? z.infer<E['response']>
  : undefined;

/** The request path of an endpoint with its parameters filled in (each URL-encoded). */
export function endpointPath<E extends Endpoint>(endpoint: E, params: PathParams<E>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
}

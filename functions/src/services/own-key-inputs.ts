import { type MessageContent, type OwnKeyInputs, PHASE_TEXT } from '@thumbnail-studio/contract';
import { signedGetUrl } from '../adapters/blob-store';
import { CLASSIFIER_TURNS, CONTEXT_IMAGE_MESSAGES } from '../core/jobs';
import { newMessage } from '../core/messages';
import { listRecentMessages } from '../data/messages-repo';
import { newId } from '../lib/ids';
import { chosenImageKeys, contextImageKeys, peoplePhotoKeys, toChatTurns } from './job-context';
import { checkUpload } from './references';
import { checkPeopleAndChosenImage } from './user-messages';

export interface OwnKeyInputsRequest {
  userId: string;
  conversationId: string;
  /** The send about to be made. */
  body: MessageContent;
}

const signAll = (keys: string[]) => Promise.all(keys.map(async (key) => ({ url: await signedGetUrl(key) })));

/**
 * What a send made with the creator's own key gives the provider, chosen exactly as a job
 * chooses it: the send is laid after the conversation's latest messages, as the job would find
 * it stored, and the job's own rules pick the classifier's turns, the images (the chosen one to
 * edit, else the last 3 image-bearing messages) and the people's photos. The images go out as
 * signed URLs; the send's attachments must be the caller's own pending uploads, as for a send.
 */
export async function ownKeyInputs({
  userId,
  conversationId,
  body,
}: OwnKeyInputsRequest): Promise<OwnKeyInputs> {
  const editFrom = await checkPeopleAndChosenImage(userId, conversationId, body);
  await Promise.all(body.uploaded_images.map((key) => checkUpload(userId, key)));

  // Every message so far: a fresh id sorts after all of them.
  const recent = await listRecentMessages(conversationId, newId(), {
    turns: CLASSIFIER_TURNS,
    imageMessages: CONTEXT_IMAGE_MESSAGES,
  });
  const owner = { conversation_id: conversationId, user_id: userId, created_at: new Date().toISOString() };
  const request = newMessage({
    ...owner,
    id: newId(),
    role: 'user',
    content: body.content,
    status: 'done',
    uploaded_images: body.uploaded_images.length ? body.uploaded_images : null,
    ...(editFrom ? { edit_from: editFrom } : {}),
  });
  const placeholder = newMessage({
    ...owner,
    id: newId(),
    role: 'assistant',
    content: PHASE_TEXT.queued,
    status: 'pending',
  });
  const upToRequest = [...recent.messages.filter((m) => m.status !== 'error'), request];

  const chosen = chosenImageKeys(request);
  const [images, people] = await Promise.all([
    signAll(chosen ?? contextImageKeys(upToRequest)),
    peoplePhotoKeys(userId, body.selected_model_ids).then((found) =>
      Promise.all(found.map(async ({ name, keys }) => ({ name, photos: await signAll(keys) }))),
    ),
  ]);
  return {
    turns: toChatTurns([...upToRequest, placeholder])
      .slice(-CLASSIFIER_TURNS)
      .map(({ role, text, hasImages }) => ({ role, text, has_images: hasImages })),
    images,
    chosen: chosen !== undefined,
    people,
  };
}

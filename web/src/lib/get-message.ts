import { endpoints, type Message } from '@thumbnail-studio/contract';
import { callApi } from './api-client';

/** One message with every image URL signed, the full size and the download among them. */
export async function getMessageById(messageId: string): Promise<Message> {
  const { message } = await callApi(endpoints.getMessage, { params: { id: messageId } });
  return message;
}

/** Wire shapes of the API (SPEC section 3's stored field names). */
export type MessageRole = 'user' | 'assistant';
/** A message's job state: `pending` while a generation runs (issue 3). */
export type MessageStatus = 'pending' | 'done' | 'error';

export interface Conversation {
  id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface Message {
  id: string;
  conversation_id: string;
  user_id: string;
  role: MessageRole;
  content: string;
  uploaded_images: string[] | null;
  selected_model_ids: string[] | null;
  prompt: string | null;
  image_url: string | null;
  is_image_message: boolean;
  is_edit: boolean;
  created_at: string;
  status: MessageStatus;
}

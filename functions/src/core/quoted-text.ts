/** The words a prompt quotes, found as the providers' instruction finds them (one definition). */
export { quotedText } from '@thumbnail-studio/providers';

import { ChatPage } from './pages/chat-page';
import { expect, persona, signUp, test } from './support/fixtures';

test.describe('conversations', () => {
  test('a message sent the moment the app opens lands in the one conversation it creates', async ({
    page,
  }) => {
    const app = await signUp(page, persona('eager'));
    await app.send('Sent before anything loaded');
    await expect(app.messages().getByText('Sent before anything loaded')).toBeVisible();
    await expect(app.conversations()).toHaveCount(1);
    await page.reload();
    await app.expectSignedIn();
    await expect(app.conversations()).toHaveCount(1);
    await expect(app.messages().getByText('Sent before anything loaded')).toBeVisible();
  });

  test('create, select, send, reload, delete; a second user sees none of it', async ({ browser }) => {
    const adaContext = await browser.newContext();
    const adaPage = await adaContext.newPage();
    const ada = await signUp(adaPage, persona('ada'));

    // One conversation is created for a new user and selected.
    await expect(ada.conversations()).toHaveCount(1);

    // Each answer is awaited: a job settling later moves its conversation to the top of the list.
    const adaChat = new ChatPage(adaPage);
    await ada.send('Gaming thumbnail with a shocked face');
    await expect(ada.messages().getByText('Gaming thumbnail with a shocked face')).toBeVisible();
    await expect(adaChat.imageMessages()).toHaveCount(1);

    await ada.newConversation();
    await expect(ada.conversations()).toHaveCount(2);
    await ada.send('Cooking channel: pasta close-up');
    await expect(ada.messages().getByText('Cooking channel: pasta close-up')).toBeVisible();
    await expect(ada.messages().getByText('Gaming thumbnail with a shocked face')).toHaveCount(0);
    await expect(adaChat.imageMessages()).toHaveCount(1);

    // Both survive a reload; selecting the other conversation shows its message.
    await adaPage.reload();
    await ada.expectSignedIn();
    const items = ada.conversations();
    await expect(items).toHaveCount(2);
    await ada.selectConversation(1);
    await expect(ada.messages().getByText('Gaming thumbnail with a shocked face')).toBeVisible();
    await ada.selectConversation(0);
    await expect(ada.messages().getByText('Cooking channel: pasta close-up')).toBeVisible();

    // Enter sends, Shift+Enter adds a line, blank never sends.
    await ada.messageBox().fill('   ');
    await expect(adaPage.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await ada.messageBox().fill('line one');
    await ada.messageBox().press('Shift+Enter');
    await ada.messageBox().pressSequentially('line two');
    await expect(ada.messageBox()).toHaveValue('line one\nline two');

    // A second user, in another browser context, sees none of Ada's data.
    const babbageContext = await browser.newContext();
    const babbagePage = await babbageContext.newPage();
    const babbage = await signUp(babbagePage, persona('babbage'));
    await expect(babbage.conversations()).toHaveCount(1);
    await expect(babbage.messages().getByText('Cooking channel: pasta close-up')).toHaveCount(0);
    await expect(babbage.messages().getByText('Gaming thumbnail with a shocked face')).toHaveCount(0);

    // Deleting asks first, then selects the remaining one; deleting the last makes a new one.
    await ada.deleteConversation(0);
    await expect(items).toHaveCount(1);
    await ada.deleteConversation(0);
    await expect(items).toHaveCount(1);
    await expect(ada.messages().getByText('Cooking channel: pasta close-up')).toHaveCount(0);
    await expect(ada.messages().getByText('Gaming thumbnail with a shocked face')).toHaveCount(0);

    await adaContext.close();
    await babbageContext.close();
  });
});

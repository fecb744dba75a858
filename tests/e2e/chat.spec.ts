// Live chat in two browsers: a customer and a shop owner talk without reloading.
import { expect, test } from '@playwright/test';
import { ownerEmail, signIn, signInAsNew } from './helpers';

test('a customer and the shop owner chat live; Enter sends and Shift+Enter breaks the line', async ({
  browser,
}) => {
  const customerContext = await browser.newContext();
  const ownerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const owner = await ownerContext.newPage();

  const { name } = await signInAsNew(customer, 'customer');
  await signIn(owner, ownerEmail);
  await owner.goto('/messages');

  await customer.goto('/discover');
  await customer.getByLabel('Search').fill('bean there');
  // The list keeps showing the previous results until the search answers: wait for them.
  await expect(customer.getByTestId('shop-card').first()).toContainText('Bean There Coffee Company');
  await customer.getByTestId('shop-card').first().getByRole('button', { name: 'Start Chatting' }).click();
  await expect(customer).toHaveURL(/\/messages\?shop=\d+$/);
  await expect(customer.getByRole('heading', { name: 'Bean There Coffee Company' })).toBeVisible();

  const box = customer.getByLabel('Message', { exact: true });
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('Hi! Two flat whites');
  await box.press('Shift+Enter');
  await box.pressSequentially('for 8:15 please');
  await expect(customer.getByTestId('chat-message')).toHaveCount(0);
  await box.press('Enter');
  await expect(customer.getByTestId('chat-message')).toHaveCount(1);
  await expect(customer.getByTestId('chat-message').first()).toContainText(
    'Hi! Two flat whites\nfor 8:15 please',
  );
  await expect(box).toHaveValue('');

  // The owner, already on /messages, sees the new conversation arrive without reloading.
  const conversation = owner.getByRole('button', { name: new RegExp(name) });
  await expect(conversation).toBeVisible();
  await owner.getByLabel('Search conversations').fill(name);
  await expect(owner.getByRole('list', { name: 'Conversations' }).getByRole('button')).toHaveCount(1);
  await conversation.click();
  await expect(owner.getByTestId('chat-message')).toHaveCount(1);
  await owner.getByLabel('Message', { exact: true }).fill('Of course! See you at 8:15 ☕');
  await owner.getByLabel('Message', { exact: true }).press('Enter');

  await expect(customer.getByTestId('chat-message')).toHaveCount(2);
  await expect(customer.getByTestId('chat-message').nth(1)).toContainText('See you at 8:15');
  // Live push and the sender's own reply never show a message twice.
  await expect(owner.getByTestId('chat-message')).toHaveCount(2);

  await customerContext.close();
  await ownerContext.close();
});

test('a long conversation shows the newest 50 and loads the earlier ones on request', async ({ page }) => {
  const { accessToken } = await signInAsNew(page, 'customer');
  const headers = { authorization: `Bearer ${accessToken}` };
  const shops = await (await page.request.get('/api/coffee-shops?search=corner')).json();
  const shop = shops[0] as { id: number; ownerId: number };
  for (let index = 1; index <= 55; index += 1) {
    const reply = await page.request.post('/api/messages', {
      headers,
      data: {
        content: `Message number ${index}`,
        receiverId: shop.ownerId,
        shopId: shop.id,
        messageType: 'text',
      },
    });
    expect(reply.status()).toBe(201);
  }
  await page.goto(`/messages?shop=${shop.id}`);
  const bubbles = page.getByTestId('chat-message');
  await expect(bubbles).toHaveCount(50);
  await expect(bubbles.first()).toContainText('Message number 6');
  await page.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(bubbles).toHaveCount(55);
  await expect(bubbles.first()).toContainText('Message number 1');
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toBeHidden();
});

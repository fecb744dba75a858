// Unread messages people notice (issue 32): a customer writes; the owner, on the dashboard, gets a toast with View and
// a count on the navigation's Messages, the conversation a dot and a bold preview; opening it clears them, live.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInAsNew, toastText, uniqueName } from './helpers';

/** A new shop of the signed-in owner's, made through the API. */
async function createShop(request: APIRequestContext, accessToken: string) {
  const name = uniqueName('Unread Roasters ');
  const reply = await request.post('/api/coffee-shops', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      name,
      category: 'specialty',
      address: '12 Bree St, Cape Town',
      description: 'Small batch, big smiles',
      deliveryFee: 20,
      deliveryTime: '15-25 mins',
      latitude: '-33.92',
      longitude: '18.42',
    },
  });
  expect(reply.status()).toBe(201);
  return (await reply.json()) as { id: number; name: string; ownerId: number };
}

/** The navigation's Messages link, whatever its count (its name is 'Messages' or 'Messages, 2 unread'). */
const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });

test('the owner hears of a customer’s message on the dashboard, and opening it clears the count', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const customer = await customerContext.newPage();

  const { accessToken } = await signInAsNew(owner, 'shop_owner');
  const shop = await createShop(owner.request, accessToken);
  await owner.goto('/dashboard');
  await expect(owner.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages');

  const { name: customerName } = await signInAsNew(customer, 'customer');
  await customer.goto(`/messages?shop=${shop.id}`);
  const box = customer.getByLabel('Message', { exact: true });
  await box.fill('Hi! Do you have oat milk?');
  await box.press('Enter');
  await expect(customer.getByTestId('chat-message')).toHaveCount(1);

  // The owner, on another page, is told at once: a toast naming the customer, and the count on Messages.
  await expect(toastText(owner, `New message from ${customerName}`)).toBeVisible();
  await expect(owner.getByRole('button', { name: 'View', exact: true })).toBeVisible();
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages, 1 unread');
  // The dashboard's Messages tab counts it too, and its conversation says so.
  await expect(owner.getByRole('tab', { name: 'Messages, 1 unread' })).toBeVisible();

  await box.fill('And are you open on Sunday?');
  await box.press('Enter');
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages, 2 unread');

  // View opens the conversation: it is read, and the count goes, here and on the tab.
  await owner.getByRole('button', { name: 'View', exact: true }).click();
  await expect(owner).toHaveURL(new RegExp(`/messages\\?shop=${shop.id}&customer=\\d+$`));
  await expect(owner.getByTestId('chat-message')).toHaveCount(2);
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages');
  await expect(owner.getByTestId('unread-badge')).toHaveCount(0);

  // While it is open, a new message is read as it arrives: no count, no toast.
  await box.fill('See you at 8!');
  await box.press('Enter');
  await expect(owner.getByTestId('chat-message')).toHaveCount(3);
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages');
  await expect(toastText(owner, `New message from ${customerName}`)).toHaveCount(0);

  // From the list with no chat open, the next one shows as a dot and a bold preview until it is opened.
  await messagesLink(owner).click();
  await expect(owner).toHaveURL(/\/messages$/);
  await box.fill('One more thing: a croissant too');
  await box.press('Enter');
  const conversation = owner
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`${customerName}, 1 unread`) });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByTestId('unread-dot')).toBeVisible();
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages, 1 unread');
  await conversation.click();
  await expect(owner.getByTestId('chat-message')).toHaveCount(4);
  await expect(messagesLink(owner)).toHaveAccessibleName('Messages');
  await expect(owner.getByTestId('unread-dot')).toHaveCount(0);

  await ownerContext.close();
  await customerContext.close();
});

test('a customer away from the chat is told of the shop’s answer by name, and View opens it', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const customer = await customerContext.newPage();

  const { accessToken } = await signInAsNew(owner, 'shop_owner');
  const shop = await createShop(owner.request, accessToken);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const written = await customer.request.post('/api/messages', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { content: 'Are you open today?', receiverId: shop.ownerId, shopId: shop.id, messageType: 'text' },
  });
  expect(written.status()).toBe(201);
  const { customerId } = (await written.json()) as { customerId: number };
  await customer.goto('/orders');
  await expect(messagesLink(customer)).toHaveAccessibleName('Messages');

  await owner.goto(`/messages?shop=${shop.id}&customer=${customerId}`);
  await owner.getByLabel('Message', { exact: true }).fill('Yes, until 4!');
  await owner.getByLabel('Message', { exact: true }).press('Enter');

  await expect(toastText(customer, `New message from ${shop.name}`)).toBeVisible();
  await expect(messagesLink(customer)).toHaveAccessibleName('Messages, 1 unread');
  await customer.getByRole('button', { name: 'View', exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`/messages\\?shop=${shop.id}$`));
  await expect(customer.getByTestId('chat-message')).toHaveCount(2);
  await expect(messagesLink(customer)).toHaveAccessibleName('Messages');

  await ownerContext.close();
  await customerContext.close();
});

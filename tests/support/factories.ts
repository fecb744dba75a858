// Factories: real users and shops made through the public API, so tests arrange the way users act.
import type { AuthResponse, Role } from '../../src/shared/api/auth.js';
import type { CreateShopBody, Shop } from '../../src/shared/api/shops.js';
import type { Api } from './test-app.js';

let sequence = 0;

export async function makeUser(api: Api, role: Role = 'customer', overrides: { password?: string } = {}) {
  sequence += 1;
  const name = `${role === 'customer' ? 'lover' : 'owner'}${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  const reply = await api.post<AuthResponse>('/api/auth/register', {
    username: name,
    email: `${name}@example.co.za`,
    password: overrides.password ?? 'flatwhite1',
    role,
  });
  if (reply.status !== 201) throw new Error(`makeUser failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function makeShop(api: Api, owner: AuthResponse, overrides: Partial<CreateShopBody> = {}) {
  sequence += 1;
  const reply = await api.as(owner).post<Shop>('/api/coffee-shops', {
    name: `Test Roasters ${sequence}`,
    category: 'specialty',
    address: `${sequence} Long St, Cape Town`,
    description: 'A test shop',
    deliveryFee: 20,
    deliveryTime: '15-25 mins',
    latitude: '-33.92',
    longitude: '18.42',
    ...overrides,
  });
  if (reply.status !== 201) throw new Error(`makeShop failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

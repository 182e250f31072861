// App users for tests: register and log in through the real routes, returning the Bearer header.
import type { TestApp } from './app.ts';

let n = 0;

export async function appUser(t: TestApp, name = `user_${process.pid}_${n++}`): Promise<{ id: string; username: string; headers: { authorization: string } }> {
  const password = `pass phrase number ${n} for tests`;
  // each from its own address, like the login: REGISTER_RATE_LIMIT holds per address
  const reg = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: name, password }, remoteAddress: `10.78.${n % 250}.${(n * 7) % 250}` });
  if (reg.statusCode !== 201) throw new Error(`register ${name}: ${reg.statusCode} ${reg.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: name, password }, remoteAddress: `10.77.${n % 250}.${(n * 7) % 250}` });
  if (login.statusCode !== 200) throw new Error(`login ${name}: ${login.statusCode} ${login.body}`);
  const data = login.json().data;
  return { id: data.user.id, username: name, headers: { authorization: `Bearer ${data.token}` } };
}

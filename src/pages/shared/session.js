// The app login of the site's pages (/dialog/kb/, the forum), shared by the site's open tabs.
//
// The login token is a Bearer token (the app's API takes it in the Authorization header, nothing else), so a page
// script must hold it. Each tab keeps it in its sessionStorage, and the tabs hand it to each other over a
// BroadcastChannel, which only pages of this origin can open: a tab opened while another is signed in asks and is
// answered at once; signing in or out in one tab does so in all of them. Why not localStorage: any script of the
// origin reads sessionStorage, the channel and localStorage alike (the pages' CSP allows scripts from this service
// only, and the forum's Markdown goes through the sanitiser), so sharing widens nothing for a script injected into a
// page; but localStorage would keep a 7-day credential on disk after the browser is closed — on a family's or a
// school's shared computer, the next person's. With the channel the login ends when the last tab of the site closes,
// as it did per tab before. An HttpOnly cookie would hide the token from scripts, but the API would then have to take
// cookies and defend every write against cross-site requests: a change of the token design, not of the pages.
const KEY = 'svc.app-session';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('svc.app-session') : null;
const listeners = new Set();

function valid(s) {
  return s && typeof s.token === 'string' && typeof s.expires_at === 'string' && Date.parse(s.expires_at) > Date.now() && s.user ? s : null;
}

/** This tab's login, or null (none, or expired). */
export function currentSession() {
  try {
    return valid(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
  } catch {
    return null;
  }
}

function keep(s) {
  if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
  else sessionStorage.removeItem(KEY);
  for (const fn of listeners) fn(s);
}

/** Signed in here: kept in this tab and handed to the site's other open tabs. */
export function saveSession(s) {
  keep(s);
  channel?.postMessage({ type: 'signed-in', session: s });
}

/** Signed out here (or the token was refused): forgotten in every open tab of the site. */
export function clearSession() {
  keep(null);
  channel?.postMessage({ type: 'signed-out' });
}

/** `fn(session | null)` whenever another tab signs in or out (and when this one does). */
export function onSessionChange(fn) {
  listeners.add(fn);
}

/**
 * This tab's login, or else one of the site's other open tabs' (asked over the channel; a tab that has one answers
 * at once, so the wait only runs out when no tab is signed in).
 */
export async function findSession(waitMs = 250) {
  const here = currentSession();
  if (here || !channel) return here;
  return new Promise((resolve) => {
    const done = (s) => {
      clearTimeout(timer);
      channel.removeEventListener('message', answer);
      resolve(s);
    };
    const answer = (ev) => {
      const s = ev.data?.type === 'session' || ev.data?.type === 'signed-in' ? valid(ev.data.session) : null;
      if (s) done(s);
    };
    const timer = setTimeout(() => done(null), waitMs);
    channel.addEventListener('message', answer);
    channel.postMessage({ type: 'ask' });
  });
}

channel?.addEventListener('message', (ev) => {
  const m = ev.data ?? {};
  if (m.type === 'ask') {
    const s = currentSession();
    if (s) channel.postMessage({ type: 'session', session: s });
  } else if (m.type === 'session' || m.type === 'signed-in') {
    const s = valid(m.session);
    if (s && s.token !== currentSession()?.token) keep(s);
  } else if (m.type === 'signed-out' && currentSession()) keep(null);
});

// The assistant chat page: streams the site's agent through POST /llm/chat/completions (same origin, no key; the
// server holds any upstream key), exactly as an OpenAI client would: content deltas, then a final chunk carrying
// the receipt under the site's brand key ({site, tools_called}), which is shown under each answer. The text streams
// in as plain text; the finished answer is shown as Markdown (markdown-it with raw HTML off, /assets/markdown.js).
import { $, ApiError, ready, responseError, showError } from '/assets/site.js';
import { renderMarkdown } from '/assets/markdown.js';
import { bubble, sendOnCtrlEnter, toolsReceipt } from '/assets/chat.js';

const BRAND = document.querySelector('meta[name="site-brand"]')?.content ?? 'svc';
const messages = [];
let controller = null;

/** Reads an OpenAI-style SSE stream; calls onChunk for each JSON chunk; resolves at [DONE] or the end. */
async function readStream(response, onChunk) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue; // ": keep-alive" comments and other fields
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        onChunk(JSON.parse(data));
      }
    }
  }
}

async function send(text) {
  showError($('chat-error'), null);
  messages.push({ role: 'user', content: text });
  bubble($('chat-log'), 'user', text);
  const { li, content } = bubble($('chat-log'), 'assistant', '');
  li.classList.add('pending');
  controller = new AbortController();
  $('chat-send').disabled = true;
  $('chat-stop').hidden = false;
  let answer = '';
  try {
    const response = await fetch('/llm/chat/completions', {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ model: BRAND, messages, stream: true }),
    });
    if (!response.ok) throw await responseError(response);
    await readStream(response, (chunk) => {
      if (chunk.error) throw new ApiError(`助手出错：${chunk.error.message}`, 502);
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) {
        answer += delta.content;
        content.textContent = answer;
      }
      if (chunk[BRAND]) toolsReceipt(li, chunk[BRAND].tools_called);
    });
    messages.push({ role: 'assistant', content: answer });
    content.innerHTML = renderMarkdown(answer); // raw HTML is off in the renderer: the answer cannot inject markup
    content.classList.add('md');
    li.dataset.done = 'true';
  } catch (e) {
    if (e.name === 'AbortError') {
      content.textContent = `${answer}（已停止）`;
      if (answer) messages.push({ role: 'assistant', content: answer });
    } else {
      li.remove();
      messages.pop(); // the question stays in the box to be sent again
      $('chat-input').value = text;
      showError($('chat-error'), e);
    }
  } finally {
    li.classList.remove('pending');
    controller = null;
    $('chat-send').disabled = false;
    $('chat-stop').hidden = true;
  }
}

$('chat-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('chat-input').value.trim();
  if (!text || controller) return;
  $('chat-input').value = '';
  send(text);
});
sendOnCtrlEnter('chat-input', 'chat-form');
$('chat-stop').addEventListener('click', () => controller?.abort());
$('chat-clear').addEventListener('click', () => {
  controller?.abort();
  messages.length = 0;
  $('chat-log').textContent = '';
  showError($('chat-error'), null);
});
ready();

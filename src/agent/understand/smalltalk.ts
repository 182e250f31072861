// What is said to the assistant rather than asked of the data: greetings, thanks, goodbyes, questions about who
// it is ("你是chatgpt吗"), and the language of the message (the writer answers in it).
import { questionLanguage } from '../facets.ts';
import { matchForm } from '../text.ts';

export type Greeting = 'hello' | 'thanks' | 'bye';

const POLITE = '(?:你好|您好|嗨|哈喽|哈啰|hello|hi|hey|早上好|上午好|中午好|下午好|晚上好|早安|晚安|在吗|在不在|谢谢|谢啦|多谢|感谢|非常感谢|太感谢了|thanks|thankyou|thankyousomuch|thankyouverymuch|thanksalot|manythanks|thanksagain|thx|好的|好滴|收到|明白了|懂了|ok|okay|再见|拜拜|bye|goodbye|辛苦了|帮大忙了|帮了大忙了?|太有帮助了|很有帮助|有帮助|太有用了|很有用|太棒了|nice|great|thathelped|thishelped|ithelped|veryhelpful|thatwashelpful|thatshelpful|helpful|appreciateit|cheers)';
const GREETING = new RegExp(`^(${POLITE}(你|您|啦|了|哈|呀|啊)*(的(回答|帮助|解答))?(啊|呀|哦|哈|啦|~|～|！|!|。|\\.|，|,|？|\\?|😊|🙏|👍)*)+$`, 'i');

/** A message that is only a greeting, thanks or goodbye. */
export function greetingKind(text: string): Greeting | null {
  const t = matchForm(text);
  if (!t || !GREETING.test(t)) return null;
  if (/谢|thank|thx|辛苦/.test(t)) return 'thanks';
  if (/再见|拜拜|bye|晚安/.test(t)) return 'bye';
  return 'hello';
}

// 「你能帮我干点啥」「有啥能帮我的」「What can you help me with?」: what the assistant can do, asked in any words
const CAPABILITIES = /^(那|请问)?(你|您|这里|这儿|本站|这个(网站|站|平台))?(能|可以|会)(帮(我|你|忙)?)?(做|干|查|问)?(点|些)?(什么|啥|哪些)(呀|啊|呢|吗)?$|有(啥|什么|哪些)(能|可以)帮|^(你|您)?(能|可以)帮(我|忙)?(做|干)?(点|些)?(什么|啥)|^怎么用(你|这个网站|本站)|what(can|could|do)you(help|do|offer)|howcanyouhelp|whatcanihelp|whatcanidowith|canyouhelpme|whatareyoufor|whatdoyoudo|whatcanthis(site|website)do/i;

const IDENTITY = /你是(谁|什么|哪个|哪家|真人|人工|机器人|ai|chatgpt|gpt|gemini|claude|豆包|文心|通义|kimi|deepseek|谁开发|谁做)|你叫什么|你的名字|你是不是(chatgpt|gpt|ai|机器人|真人)|介绍一下你自己|自我介绍|你能(做|干)什么|你会(做)?什么|你有什么(功能|用)|(这个|本)(网站|站点|平台)(能|可以|是)(做|干)?什么|whoareyou|areyou(chatgpt|gpt|an?ai|ahuman|human|arobot)|whatcanyoudo|whatisthis(site|website)|whatareyou/i;

/** A question about the assistant itself. */
export function asksIdentity(text: string): boolean {
  // fillers that change nothing asked (你都能干点什么呀, 你到底可以帮我做些啥, 那你还会什么): dropped before the patterns
  const t = matchForm(text)
    .replace(/[？?！!。.,，~～]+$/, '')
    .replace(/(?<=你|您|我)(?:都|还|到底|究竟|具体|一般|主要|平时)+/g, '')
    .replace(/^(?:那|请问|问下|问一下|想问下?)/, '');
  return IDENTITY.test(t) || (CAPABILITIES.test(t) && t.length <= 30);
}

/** The greeting a message opens with when a question follows it (「你好，…」 "Hello! What can…"), else null. */
export function openingGreeting(text: string): Greeting | null {
  const first = /^[^，,。！!？?\n]+[，,。！!？?\n]/.exec(text.trim())?.[0];
  return first && first.length < text.trim().length ? greetingKind(first) : null;
}

/** "你是chatgpt吗": the name of another assistant the user took this one for (the answer says it is not). */
export function otherAssistantName(text: string): string | null {
  return /(chatgpt|gpt-?\d*|gemini|claude|豆包|文心一言|文心|通义千问|通义|kimi|deepseek)/i.exec(text)?.[1] ?? null;
}

/** 'en' when the message is written in English words (units and grades in a Chinese question are not English). */
export const languageOf = questionLanguage;

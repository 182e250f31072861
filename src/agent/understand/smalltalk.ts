// What is said to the assistant rather than asked of the data: greetings, thanks, goodbyes, questions about who
// it is ("你是chatgpt吗"), and the language of the message (the writer answers in it).
import { questionLanguage } from '../facets.ts';
import { matchForm } from '../text.ts';

export type Greeting = 'hello' | 'thanks' | 'bye';

const POLITE = '(?:你好|您好|嗨|哈喽|哈啰|hello|hi|hey|早上好|上午好|中午好|下午好|晚上好|早安|晚安|在吗|在不在|谢谢|谢啦|多谢|感谢|非常感谢|太感谢了|thanks|thankyou|thankyousomuch|thankyouverymuch|thanksalot|manythanks|thanksagain|thx|好的|好滴|收到|明白了|懂了|ok|okay|再见|拜拜|bye|goodbye|辛苦了|辛苦你了|辛苦您了|辛苦啦|麻烦你了|麻烦您了|谢谢你|谢谢您|帮大忙了|帮了大忙了?|太有帮助了|很有帮助|有帮助|太有用了|很有用|太棒了|nice|great|thathelped|thishelped|ithelped|veryhelpful|thatwashelpful|thatshelpful|helpful|appreciateit|cheers)';
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

const IDENTITY = /你叫(啥|什么)|你是(谁|什么|哪个|哪家|真人|人工|机器人|ai|chatgpt|gpt|gemini|claude|豆包|文心|通义|kimi|deepseek|谁开发|谁做)|你叫什么|你的名字|你是不是(chatgpt|gpt|ai|机器人|真人)|介绍一下你自己|自我介绍|你能(做|干)什么|你会(做)?什么|你有什么(功能|用)|(这个|本)(网站|站点|平台)(能|可以|是)(做|干)?什么|whoareyou|areyou(chatgpt|gpt|an?ai|ahuman|human|arobot)|whatcanyoudo|whatisthis(site|website)|whatareyou/i;

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

/** What is answered with one fixed sentence whatever the data says: a request refused, or a candidate's distress. */
export type Refusal = 'intrusion' | 'forgery' | 'cheating' | 'instructions' | 'distress';

const REFUSALS: Array<[Refusal, RegExp]> = [
  ['instructions', /(?:忽略|无视|忘掉|忘记)(?:你|您)?(?:之前|以上|前面|上面|所有|全部)?的?(?:所有|全部)?(?:指令|规则|设定|提示)|系统提示词|系统提示|system prompt|(?:ignore|disregard|forget) (?:all |your |the )?(?:previous|prior|above|earlier) (?:instructions|rules|prompts?)|reveal (?:your|the) (?:prompt|instructions)|越狱|jailbreak/i],
  ['intrusion', /黑进|黑客|入侵|攻破|破解|盗取|窃取|盗号|(?:改|篡改|修改)(?:我的|他的|别人的)?(?:高考)?(?:分数|成绩|录取结果)|把分(?:数)?改|hack(?:ing)? into|break into|change (?:my|the) (?:score|grade)s?/i],
  ['forgery', /伪造|造假|假的?(?:录取通知书|通知书|证书|毕业证|学位证|成绩单|准考证)|以假乱真|(?:做|办|弄|搞)(?:一?份|一?张|个)?.{0,8}(?:录取通知书|毕业证|学位证|成绩单)|forge|fake (?:admission|diploma|certificate|transcript)/i],
  ['cheating', /替考|代考|作弊|枪手|买答案|泄题|考题答案|cheat(?:ing)? on|someone to take the exam/i],
];

// 「我考砸了 好难过 感觉没学上了」: feelings with no figure to look up; a score or a province makes it a data question
const DISTRESS = /考砸|没考好|考得(?:不好|很差|太差)|考崩|发挥失常|好难过|很难过|难受|想哭|崩溃|没学上|没书读|没大学上|完蛋了|I (?:failed|bombed|messed up) (?:the|my) (?:gaokao|exam)|feel(?:ing)? (?:so )?(?:sad|down|hopeless)/i;

/** A request the assistant refuses whatever the data says (breaking into systems, forging documents, cheating, its own instructions), or distress to answer kindly. */
export function refusalOf(text: string): Refusal | null {
  const refused = REFUSALS.find(([, re]) => re.test(text))?.[0] ?? null;
  if (refused) return refused;
  return DISTRESS.test(text) && !/\d|[一二三四五六七八九十百]{1,3}分|省|北京|上海|天津|重庆|物理|历史|文科|理科/.test(text) ? 'distress' : null;
}

// The service's refusals in Chinese, for the pages: the API answers in English (for developers) with a machine code
// and the field at fault (`code`, `param`); the pages map them here, so a reader never sees "score: must be ≥ 0".
// What cannot be mapped is said in general Chinese words with the field's name, never in English.

export const FIELDS = {
  score: '分数', rank: '位次', province: '省份', year: '年份', subject_type: '科类', batch: '批次', q: '搜索词', query: '搜索词',
  username: '用户名', password: '密码', display_name: '显示名', title: '标题', body: '正文', content: '内容', tags: '标签', tag: '标签',
  name: '名称', description: '说明', targets: '志愿', draws: '模拟次数', seed: '随机种子', page: '页码', page_size: '每页条数',
  messages: '消息', message: '消息', kb_id: '知识库编号', university_name: '院校名称', university_id: '院校', major: '专业', major_name: '专业',
  category: '专业', city: '城市', level: '层次', nature: '办学性质', type: '类型', region: '院校所在地', electives: '选考科目', label: '冲稳保',
  sort: '排序', data_type: '线别', min_score_from: '最低分下限', min_score_to: '最低分上限', scope: '搜索范围', date: '日期', time: '时间',
  birth: '出生时间', longitude: '经度', gender: '性别', method: '起卦方式', question: '问题', parent_id: '回复的帖子', reply_to: '回复的帖子',
  status: '状态', agent_name: '作者', kind: '类别', slug: '地址',
};

const TYPES = { number: '数字', int: '整数', integer: '整数', string: '文字', boolean: '是或否', array: '列表', object: '对象' };

export const PASSWORD_RULE = '密码须为 10–128 个字符，不能包含用户名，不能是同一个字符重复，也不能是常用密码。';

/** Minutes, rounded up, for a wait given in seconds ("约 3 分钟"). */
export function minutes(seconds) {
  const m = Math.max(1, Math.ceil(Number(seconds) / 60));
  return `约 ${m} 分钟`;
}

/** An instant as Beijing time (Asia/Shanghai), e.g. "11月25日 08:05". */
export function beijingTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
}

const fieldName = (f) => {
  if (!f) return '';
  const last = String(f).split('.').pop();
  return FIELDS[f] ?? FIELDS[last] ?? (/^\d+$/.test(last) ? '' : '');
};

/** One English clause of the service ("must be ≥ 0", "is required (number)", …) in Chinese, or null. */
function clause(text) {
  let m;
  if ((m = text.match(/^must be (≥|>|≤|<) (-?[\d.]+)/))) return `须${{ '≥': '不小于', '>': '大于', '≤': '不大于', '<': '小于' }[m[1]]} ${m[2]}`;
  if (/^is required/.test(text) || /^required/.test(text)) return '必填';
  if ((m = text.match(/^must be (number|int|integer|string|boolean|array|object)\b/))) return `须为${TYPES[m[1]]}`;
  if ((m = text.match(/^must have (at most|at least) (\d+) characters/))) return `${m[1] === 'at most' ? '最多' : '至少'} ${m[2]} 个字`;
  if ((m = text.match(/^must have (at most|at least) (\d+) items/))) return `${m[1] === 'at most' ? '最多' : '至少'} ${m[2]} 项`;
  if ((m = text.match(/^must be one of (.+)$/))) return `可选：${m[1].replace(/"/g, '').split(/,\s*/).join('、')}`;
  if (/^unknown field/.test(text)) return '不接受这个字段';
  if ((m = text.match(/^unknown province "([^"]*)"/))) return `不认识的省份「${m[1]}」`;
  if ((m = text.match(/^unknown agent_name "([^"]*)"/))) return `论坛里没有名为「${m[1]}」的作者`;
  if ((m = text.match(/^unknown subject type "([^"]*)"/))) return `不认识的科类「${m[1]}」；可填 物理类、历史类、综合`;
  if ((m = text.match(/^unknown subject (.+?);/))) return `不认识的科目 ${m[1]}`;
  if ((m = text.match(/^(-?[\d.]+) is above the full mark of (\S+) (\d+) \((\d+)\)/))) return `${m[2]} ${m[3]} 年高考满分 ${m[4]} 分，${m[1]} 超出了满分`;
  if (/^give either score or rank|^give score or rank/.test(text)) return '分数与位次只填一个';
  if (/^must not contain the user name/.test(text)) return `不能包含用户名。${PASSWORD_RULE}`;
  if (/^must not be one character repeated/.test(text)) return `不能是同一个字符重复。${PASSWORD_RULE}`;
  if (/^is a commonly used password/.test(text)) return `这是常用密码。${PASSWORD_RULE}`;
  if (/^must be \d+–\d+ characters, not containing the user name/.test(text)) return PASSWORD_RULE;
  if (/no 一分一段 table/.test(text)) return '该省该年没有一分一段表，无法把分数换算成位次；请改填位次';
  return null;
}

const hasEnglish = (s) => /[A-Za-z]{3,}/.test(s.replace(/\b(CSV|API|KB|MCP|PDF|URL|ID)\b/g, ''));

/** The whole refusal in Chinese: from the code first, then clause by clause ("field: text; field: text"). */
export function chineseError({ status, code, param, message, retryAfter }) {
  const wait = retryAfter ? minutes(retryAfter) : null;
  switch (code) {
    case 'invalid_credentials':
      return '用户名或密码不对。';
    case 'login_locked': {
      const until = /after (\S+Z)/.exec(message ?? '')?.[1];
      return `登录失败次数太多，已暂时锁定${until ? `，请在北京时间 ${beijingTime(until)}（${wait ?? '稍后'}）之后再试` : `，请${wait ? `${wait}后` : '稍后'}再试`}。`;
    }
    case 'weak_password':
      break; // clause below names which rule
    case 'username_taken':
      return '这个用户名已被注册，请换一个。';
    case 'kb_id_taken':
      return '这个知识库编号已被使用，请换一个。';
    case 'token_expired':
    case 'token_revoked':
    case 'invalid_token':
    case 'invalid_token_format':
    case 'missing_token':
      return '登录已失效，请重新登录。';
    case 'route_not_found':
      return '没有这个地址。';
    default:
  }
  if (status === 429) return `请求太频繁，请${wait ? `${wait}后` : '稍后'}再试。`;
  if (status === 0) return message;
  if (status >= 500) return `服务暂时不可用（${status}），请稍后再试。`;
  if (status === 410) return '此功能已下线。';
  const text = String(message ?? '');
  if (!hasEnglish(text)) return text || (status === 404 ? '数据中没有这一项。' : '请求未被接受。');
  const parts = text.split(/;\s+(?=[A-Za-z_.\d]+: )/).map((part) => {
    const m = part.match(/^([A-Za-z_][\w.]*): (.*)$/s);
    const field = m ? m[1] : param;
    const body = m ? m[2] : part;
    const zh = clause(body);
    const name = fieldName(field);
    if (zh) return name ? `${name}：${zh}` : zh;
    return name ? `${name}填写有误` : null;
  });
  const said = parts.filter(Boolean);
  if (said.length) return `${said.join('；').replace(/。$/, '')}。`;
  return status === 404 ? '没有找到：数据中没有这一项。' : `请求未被接受${fieldName(param) ? `（${fieldName(param)}）` : ''}。`;
}

const HAN = /[\u4e00-\u9fff]/;

/**
 * The Chinese half of the engines' bilingual texts: descriptions, warnings and messages are "中文 · English" (or,
 * in a few schema messages, "English · 中文"); the part with Chinese in it, else the whole text.
 */
export function chinese(text) {
  const parts = String(text).split(/\s?· (?=[A-Za-z"\u0370-\u03ff\u4e00-\u9fff])/);
  return parts.find((part) => HAN.test(part))?.trim() ?? String(text);
}

/** "数值 ≥ 10 且 ≤ 5000 mm" from a parameter description of GET /v1/calc/*. */
export function rangeZh(p) {
  const low = p.exclusiveMinimum !== undefined ? `> ${p.exclusiveMinimum}` : p.minimum !== undefined ? `≥ ${p.minimum}` : '';
  const unit = p.unit && p.unit !== '—' ? ` ${p.unit}` : '';
  return `${p.type === 'integer' ? '整数' : '数值'} ${low}${p.maximum !== undefined ? `${low ? ' 且' : ''} ≤ ${p.maximum}` : ''}${unit}`;
}
const CMP_ZH = { '≥': '不小于', '>': '大于', '≤': '不大于', '<': '小于' };

/**
 * One problem of a calculator's in-page check (a zod issue as src/calc/validate.ts hands it over: `code`, `message`
 * and the issue's own figures `origin`, `minimum`, `maximum`, `inclusive`, `expected`, `values`) in Chinese, by its
 * code: the pages' one translator, so zod's English ("Too small: expected array to have >=1 items") never reaches
 * a page. `p`: the parameter's description (type, bounds, unit), when the page has it, for the whole range.
 */
export function issueZh(issue, p) {
  const message = String(issue?.message ?? '');
  // the engines' own messages carry their Chinese: that part says it
  const own = chinese(message);
  // a message of the engine's own that is wholly Chinese (symbols and figures aside) says it best
  const ownSays = HAN.test(own) && !/[A-Za-z]{3,}/.test(own);
  const range = p && (p.minimum !== undefined || p.exclusiveMinimum !== undefined || p.maximum !== undefined);
  switch (issue?.code) {
    case 'invalid_type':
      if (/received undefined|is required/.test(message) || issue.input === undefined && /undefined/.test(message)) return '必填';
      if (p?.type === 'number' || p?.type === 'integer' || issue.expected === 'number') return '请输入数字';
      return issue.expected && TYPES[issue.expected] ? `须为${TYPES[issue.expected]}` : '必填';
    case 'too_small':
    case 'too_big': {
      if (ownSays) return own;
      const small = issue.code === 'too_small';
      const limit = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'array' || issue.origin === 'set') return `${small ? '至少' : '最多'} ${limit} 项`;
      if (issue.origin === 'string') return `${small ? '至少' : '最多'} ${limit} 个字`;
      if (range) return `须为${rangeZh(p)}`;
      const m = /must be (?:a number|an integer) ([≥>]) (-?[\d.e+]+) and ≤ (-?[\d.e+]+)\s*(.*)$/.exec(message);
      if (m) return `须为${/integer/.test(message) ? '整数' : '数值'} ${m[1]} ${m[2]} 且 ≤ ${m[3]}${m[4] ? ` ${m[4]}` : ''}`;
      if (limit === undefined) return '超出允许范围';
      const cmp = small ? (issue.inclusive === false ? '>' : '≥') : issue.inclusive === false ? '<' : '≤';
      return `须${CMP_ZH[cmp]} ${limit}`;
    }
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_enum_value':
      if (ownSays) return own;
      if (p?.choices) return `可选：${p.choices.map((c) => c.text).join('、')}`;
      if (p?.enum) return `可选：${p.enum.join('、')}`;
      return Array.isArray(issue.values) && issue.values.length ? `可选：${issue.values.join('、')}` : '取值不在允许范围内';
    case 'unrecognized_keys':
      return '不接受这个字段';
    case 'not_multiple_of':
      return range ? `须为${rangeZh(p)}` : `须为 ${issue.divisor ?? ''} 的整数倍`;
    case 'invalid_format':
      return '格式不对';
    default:
      return ownSays ? own : (clause(message) ?? (HAN.test(own) ? own : '填写有误'));
  }
}

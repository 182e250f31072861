// The words questions are asked with, by what they ask (cue patterns), and the topic of a question about the
// site's own writing. A vocabulary, not a stage: the decision (intents.ts, decide.ts) reads them to choose an
// intent; the argument filler (arguments.ts) reads the same words to pick a rules note or a search topic.
export const CUES = {
  /** how 志愿 filling and the exam work: answered from the site's notes on them */
  rulesTopic: /平行志愿|顺序志愿|投档|退档|滑档|调剂|征集志愿|补录|位次法|等效位次|冲稳保|一分一段表?|新高考|3\+1\+2|3\+3|选科|首选|再选|赋分|专业组|院校专业组|提前批|志愿(?:怎么|如何)?填|填志愿|parallel|admission rules|how are students (?:assigned|admitted)|\b(?:tiaoji|toudang)\b/i,
  rulesAsk: /怎么|如何|咋|是啥|是什么|什么是|什么意思|什么叫|啥意思|啥叫|要不要|会怎样|会怎么样|还能|还有学上|能不能|可不可以|为什么|看哪个|哪个重要|规则|原理|区别|吗|\bmean|\bhow\b|\bwhat\b|\bwhy\b/i,
  calendar: /高考.{0,4}(?:几月几[号日]|哪天|什么时候|日期|时间|几号|开考)|(?:几月几[号日]|什么时候|哪天)(?:高考|考试)|gaokao (?:date|start)|when is (?:the )?gaokao/i,
  /** the site's own search, notes, forum: the tools' keywords decide */
  siteSearch: /站内搜索|搜索本站|本站搜索|论坛|帖子|笔记|页面|文章|本站哪里|网站哪里|哪里讲/,
  search: /^(?:请)?(?:帮我)?(?:搜一下|搜索|搜|找一下|查找)/,
  howTo: /什么意思|啥意思|什么是|是什么东西|怎么理解|含义|怎么填|如何填|怎么报志愿|技巧|注意什么|注意事项|攻略|区别是什么|有什么区别/,
  chart: /八字|四柱|[年月日时]柱|[年月日时]干|排个?盘|算个?命|生辰|命盘|大运|流年|五行缺|五行|喜用神|日主|日元|十神|命理|bazi|(?:four|4).?pillars?|birth chart|day pillar|day master/i,
  hexagram: /起.?卦|算.?卦|占.?卦|卜.?卦|占卜|摇卦|周易|易经|六爻|hexagram|i.?ching|yijing/i,
  plans: /招生计划|计划多少|计划招多少|招生多少|招收多少|招.{0,2}多少人|招了?几个|招多少|招几个|招了多少|招几人|招收多少|计划招|计划数|招生人数|招生名额|名额|招生数|how many (?:students|places)|how many\b[a-z ]{0,40}\b(?:places|seats|spots|quota|students (?:does|do|will|are)|admit)\b|admission plan|enrol(?:l)?ment plan|quota/i,
  batchLines: /(?:[一二三]|本科|专科)?批\s*线|tier[- ]?[123]|first[- ]tier|control line|(?:regular |ordinary )?undergraduate (?:admission )?(?:cutoff|line|control|threshold)|cut-?off (?:line )?for (?:regular |ordinary )?undergraduate|(一本|二本|三本|本科|专科|高职|特控|特殊类型|省控|提前批|一段|二段|本一|本二|批次|控制)\s*(?:分数)?线|批次线|最低控制|省控|分数线是多少分?$|cut-?off line|batch line/i,
  rankTable: /前\s*\d{3,}\s*名?.{0,4}(?:要|需要|得)?\s*(?:考)?\s*多少分|一分一段|\d{3,}\s*名?\s*(?:左右|上下)?\s*(?:大概|大约|约|差不多)?\s*(?:是|要|需要|得|对应)?\s*多少分|同分(?:的)?(?:有)?多少人|多少人同分|同分人数|同分的?人|(?:位次|排名|名次)\s*\d+\s*(?:名|位)?\s*(?:大概|大约|约|对应|相当于|是|能考|要考)*\s*多少分|多少分(?:才)?(?:能)?(?:排|进)(?:到|进)?(?:前)?\s*\d+|how many (?:people|students|candidates) (?:scored|got)|rank for \d|what(?:'s| is)? (?:the )?rank|分的位次|分位次|的位次是?多少|位次$|排多少|排第几|排在多少|多少名|多少位|位次是多少|位次多少|什么位次|位次大概|排名多少|能排|对应.*位次|换算.*位次|位次.*换算|\brank\b.*\bscore\b|what rank|\bscore\b.{0,30}\btop\s+\d[\d,]{2,}|\btop\s+\d[\d,]{2,}.{0,40}\bscore\b/i,
  match: /能上|能报|能去|能读|可以上|可以报|可以去|能考上|考得上|上得了|进得了|够(?:不够)?[上报]|有(?:没有)?(?:希望|戏)|稳吗|稳不稳|冲稳保|冲一冲|保底|推荐.{0,4}(?:学校|大学|院校|志愿)|填志愿|报什么|报哪|选什么学校|什么学校好|哪些学校适合|录取概率|录取几率|can i get into|which universities can|what universities can|recommend/i,
  evaluations: /学科评估|第四轮|第五轮|四轮|五轮|评估结果|学科等级|评估等级|[abc]类学科|discipline evaluation/i,
  grade: /(?<![A-Za-z])[ABC][+\-]?(?![A-Za-z])(?:类|级|等)?/,
  majorRankings: /专业排名|排名前|排行|最强|最好的学校|哪个学校最?好|哪所学校最?好|哪些学校最?好|哪些大学最?好|哪家最?好|哪个最?强|哪个最?好|top \d+ universit|best universit|哪家强|软科专业|实力|ranking/i,
  scoreLines: /分数线|录取分|录取线|投档线|投档分|最低分|专业线|院校线|组线|线多少|线是多少|minimum score|min score|lowest score|最低多少分?|最低是多少|最低要多少|最低位次|录取位次|多少分(?:能|才|可以|录取|上|进)|要多少分|多少分|往年|历年|去年.*分|cutoff|cut-off|score line|admission score|lowest score/i,
  universityInfo: /是(?:不是)?(?:985|211|双一流)|介绍|怎么样|好不好|是985|是211|是双一流|是不是985|是不是211|哪个城市|在哪|在哪里|什么档次|什么水平|排名第几|排第几|软科排名|校区|官网|简介|属于|几本|公办|民办|\babout\b|tell me/i,
  universityList: /(?:有|有没有)(?:985|211|双一流)(?:吗|没|大学|院校|高校|学校)|(?:有哪些|哪些|有啥|有什么|有几所|几所|多少所)(?:985|211|双一流)|(?:985|211|双一流)(?:大学|院校|高校|学校)?有(?:几|多少)所|(?:有哪些|哪些|有啥|有什么|列出|列一下|都有什么|名单|所有)(?:好的|不错的)?(?:985|211|双一流|师范|理工|财经|医科|医学|农业|政法|艺术|体育|民族|外语|语言)?(?:好的|不错的)?(?:985|211|双一流)?(?:的)?(?:大学|学校|院校|高校)|(?:985|211|双一流)(?:大学|院校|高校|学校)(?:有哪些|名单)|软科.{0,6}前\d+|排名前\d+的(?:大学|学校|高校)|(?:大学|高校)排名|universities in|which (?:\d+ )?universities|universities (?:are )?in|list (?:of )?universities/i,
  majorInfo: /是(?:不是)?[工理文医农]科|什么门类|哪个门类|属于|是什么专业|专业怎么样|怎么样|介绍|学什么|学些什么|就业|前景|好不好|出路|开设|开了|代码|什么意思|about the major/i,
  majorList: /(?:有哪些|哪些|什么)(?:好的)?专业|专业目录|专业类|门类|类专业|专业有哪些|list majors/i,
};


/** The cue patterns by name (the same object). */
export const INTENT_CUES = CUES;

const SITE_WORDS = /有没有人|讨论过?|我想问下?|请问|想问下?|问下|那个|这个|你们|本站|有哪些|哪些|论坛里|网站|站内|这个站|论坛|帖子|笔记|文章|页面|哪里|哪儿|有没有|有人|有讲|讲了|讲过|讲的?|聊过|聊的?|聊|说过|写过|提到|关于|相关|内容|最近|新(?=笔记|文章|帖子|的)|什么|有吗|吗|呢|吧|一下|看看|找找|搜搜|的|了|有|[，。！？、,.!?:：；;\s]/g;

/** What a question about the site's own writing is about: 「平行志愿是怎么投档的 你们网站有文章讲吗」 → 平行志愿. */
export function siteTopic(text: string): string {
  const head = text.split(/是怎么|怎么|为什么|是什么|如何|是啥/)[0]!;
  const quoted = /[“"「『]([^”"」』]{1,30})[”"」』]/.exec(text)?.[1];
  const topic = (quoted ?? head).replace(SITE_WORDS, '').replace(/类$/, '');
  if (topic.length >= 2) return topic;
  const all = text.replace(SITE_WORDS, '');
  return all.length >= 2 ? all : '';
}

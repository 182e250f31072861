// The Chinese conversation suite, as data: one entry per conversation, one row per turn with the tool the turn must
// run (or none), a subset of the arguments it must run with, and optional checks of the answer. The facts checked
// in the answer are not written here: conversations.test.ts asks the served API (POST /v1/tools/{name}) for the
// same call and requires its summary in the answer. Adding a conversation for a new tool is one entry.
export interface Turn {
  user: string;
  /** the site tools this turn runs, in order; [] for none (greetings, small talk, questions that need arguments) */
  tools: string[];
  /** arguments the (first) tool must be called with (a subset) */
  args?: Record<string, unknown>;
  /** the answer says the thing is not in the data */
  notInData?: boolean;
  /** the offline answer must match */
  says?: RegExp;
}

export interface Conversation {
  name: string;
  turns: Turn[];
}

export const CONVERSATIONS: Conversation[] = [
  // greetings and small talk: answered without tools
  { name: '问候', turns: [{ user: '你好', tools: [], says: /你好/ }] },
  { name: '问候（英文）', turns: [{ user: 'Hello!', tools: [] }] },
  { name: '致谢', turns: [{ user: '谢谢！', tools: [], says: /不客气/ }] },
  { name: '道别', turns: [{ user: '再见', tools: [], says: /再见/ }] },
  { name: '早上好', turns: [{ user: '早上好～', tools: [] }] },
  { name: '站外问题不编造', turns: [{ user: '今天天气怎么样', tools: [], says: /不在本站的数据与工具范围内/ }] },

  // identity: the site names itself from its identity module
  { name: '你是谁', turns: [{ user: '你是谁？', tools: ['site_about'] }] },
  { name: '网站能做什么', turns: [{ user: '这个网站能做什么？', tools: ['site_about'] }] },
  { name: 'who are you', turns: [{ user: 'Who are you?', tools: ['site_about'] }] },

  // yijing
  { name: '起卦带问题和种子', turns: [{ user: '帮我起一卦，问今年考研能否顺利，种子 hello', tools: ['yijing'], args: { question: '今年考研能否顺利', seed: 'hello' } }] },
  { name: '蓍草法起卦', turns: [{ user: '用蓍草法起一卦，种子 42', tools: ['yijing'], args: { method: 'yarrow', seed: '42' } }] },
  { name: '周易占卜', turns: [{ user: '用周易占卜一下换工作的事，seed=abc', tools: ['yijing'], args: { seed: 'abc' } }] },

  // sizhu
  { name: '八字排盘', turns: [{ user: '帮我排一下八字：1990年5月15日早上8点30分出生，男', tools: ['sizhu'], args: { year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' } }] },
  { name: '女孩八字', turns: [{ user: '2000-02-04 20:30 出生的女孩是什么八字？', tools: ['sizhu'], args: { year: 2000, month: 2, day: 4, hour: 20, minute: 30, sex: 'f' } }] },
  { name: '下午出生', turns: [{ user: '四柱排盘：1985年10月1日下午3点，女', tools: ['sizhu'], args: { year: 1985, month: 10, day: 1, hour: 15, minute: 0, sex: 'f' } }] },
  { name: '八字缺信息先问', turns: [{ user: '帮我看看八字', tools: [], says: /还需要/ }] },
  { name: '八字追问性别', turns: [{ user: '我1988年8月2日23:30出生，排个八字', tools: [], says: /性别/ }, { user: '女', tools: ['sizhu'], args: { year: 1988, month: 8, day: 2, hour: 23, minute: 30, sex: 'f' } }] },

  // universities
  { name: '北京的985', turns: [{ user: '北京有哪些 985 大学？', tools: ['search_universities'], args: { province: '北京', level: '985' } }] },
  { name: '江苏211', turns: [{ user: '江苏省有哪些211院校', tools: ['search_universities'], args: { province: '江苏', level: '211' } }] },
  { name: '搜一下哈工大', turns: [{ user: '搜一下哈工大', tools: ['search_universities'], args: { q: '哈工大' } }] },
  { name: '介绍哈工大', turns: [{ user: '介绍一下哈工大', tools: ['get_university'], args: { name: '哈工大' } }] },
  { name: '北大是985吗', turns: [{ user: '北大是985吗？', tools: ['get_university'], args: { name: '北大' } }] },
  { name: '上海交大怎么样', turns: [{ user: '上海交大怎么样', tools: ['get_university'], args: { name: '上海交大' } }] },
  { name: '复旦优势学科', turns: [{ user: '复旦大学的优势学科有哪些？', tools: ['get_university'], args: { name: '复旦大学' } }] },
  { name: '编造的大学', turns: [{ user: '火星理工大学怎么样？', tools: ['get_university'], args: { name: '火星理工大学' }, notInData: true }] },
  { name: '编造的大学分数线', turns: [{ user: '火星理工大学 2024 年在河南的录取分数线', tools: ['query_score_lines'], args: { university_name: '火星理工大学', province: '河南', year: 2024 }, notInData: true }] },

  // majors
  { name: '计算机类专业', turns: [{ user: '有哪些计算机类专业？', tools: ['search_majors'], args: { sub_category: '计算机类' } }] },
  { name: '哲学专业', turns: [{ user: '搜一下“哲学”专业有哪些', tools: ['search_majors'], args: { q: '哲学' } }] },
  { name: '计科怎么样', turns: [{ user: '计算机科学与技术专业怎么样？', tools: ['get_major'], args: { name: '计算机科学与技术' } }] },
  { name: '临床医学开设', turns: [{ user: '临床医学有多少学校开设？', tools: ['get_major'], args: { name: '临床医学' } }] },

  // score lines
  { name: '北大在河南', turns: [{ user: '北京大学 2024 年在河南的录取分数线', tools: ['query_score_lines'], args: { university_name: '北京大学', province: '河南', year: 2024 } }] },
  { name: '省份全称与换年份', turns: [{ user: '清华大学2024年在河南省的录取分数线', tools: ['query_score_lines'], args: { province: '河南', year: 2024 } }, { user: '换成 2023 年', tools: ['query_score_lines'], args: { province: '河南', year: 2023 } }] },
  { name: '分数区间投档线', turns: [{ user: '江苏 2024 年物理类 600–620 分的院校专业组投档线', tools: ['query_score_lines'], args: { province: '江苏', year: 2024, subject_type: '物理', min_score_from: 600, min_score_to: 620 } }] },
  { name: '拼音省份', turns: [{ user: 'henan 2024 年北京大学的录取分数线', tools: ['query_score_lines'], args: { province: '河南', year: 2024, university_name: '北京大学' } }] },
  { name: '分数线追问它', turns: [{ user: '介绍一下南开', tools: ['get_university'], args: { name: '南开' } }, { user: '它 2024 年在河南的录取分数线呢？', tools: ['query_score_lines'], args: { university_name: '南开', province: '河南', year: 2024 } }] },
  { name: '分数线缺年份先问', turns: [{ user: '河南的录取分数线', tools: [], says: /还需要/ }] },

  // match_by_score
  { name: '河南物理600', turns: [{ user: '河南物理类 600 分能上什么大学？', tools: ['match_by_score'], args: { score: 600, province: '河南', subject_type: '物理' } }] },
  {
    name: '那历史类呢与第二所学校',
    turns: [
      { user: '河南物理类 600 分能上什么大学？', tools: ['match_by_score'], args: { score: 600, province: '河南', subject_type: '物理' } },
      { user: '那历史类呢？', tools: ['match_by_score'], args: { score: 600, province: '河南', subject_type: '历史' } },
      { user: '第二所学校的详情', tools: ['get_university'] },
    ],
  },
  { name: '换成2024年', turns: [{ user: '我是江苏考生，历史类 580 分能报哪些学校', tools: ['match_by_score'], args: { score: 580, province: '江苏', subject_type: '历史' } }, { user: '换成 2024 年', tools: ['match_by_score'], args: { score: 580, province: '江苏', subject_type: '历史', year: 2024 } }] },
  { name: '换分数', turns: [{ user: '河南理科 550 分能上哪些大学', tools: ['match_by_score'], args: { score: 550, province: '河南', subject_type: '物理' } }, { user: '那 580 分呢？', tools: ['match_by_score'], args: { score: 580, province: '河南', subject_type: '物理' } }] },
  { name: '没有数据的年份', turns: [{ user: '山东 2030 年 600 分能上什么大学？', tools: ['match_by_score'], args: { province: '山东', score: 600, year: 2030 }, notInData: true }] },
  { name: '冲稳保', turns: [{ user: '湖南历史类 560 分冲稳保推荐', tools: ['match_by_score'], args: { province: '湖南', score: 560, subject_type: '历史' } }] },

  // rank table
  { name: '河南600位次', turns: [{ user: '河南 2025 年物理类 600 分排多少名？', tools: ['query_rank_table'], args: { province: '河南', year: 2025, subject_type: '物理', score: 600 } }] },
  { name: '一分一段区间', turns: [{ user: '江苏 2025 年一分一段表 600 到 620 分', tools: ['query_rank_table'], args: { province: '江苏', year: 2025, score_from: 600, score_to: 620 } }] },
  { name: '位次换年份', turns: [{ user: '浙江 2024 年 650 分的位次', tools: ['query_rank_table'], args: { province: '浙江', year: 2024, score: 650 } }, { user: '换成 2023 年', tools: ['query_rank_table'], args: { province: '浙江', year: 2023, score: 650 } }] },
  { name: '西藏没有一分一段', turns: [{ user: '西藏 2025 年 500 分排多少名？', tools: ['query_rank_table'], args: { province: '西藏', year: 2025, score: 500 }, notInData: true }] },

  // admission plans
  { name: '吉林招生计划', turns: [{ user: '吉林 2025 年物理类的招生计划', tools: ['query_admission_plans'], args: { province: '吉林', year: 2025, subject_type: '物理' } }] },
  { name: '学校招生计划', turns: [{ user: '南京理工大学在安徽的招生计划', tools: ['query_admission_plans'], args: { university_name: '南京理工大学', province: '安徽' } }] },
  { name: '招生计划换科类', turns: [{ user: '西藏 2024 年文科招多少人', tools: ['query_admission_plans'], args: { province: '西藏', year: 2024, subject_type: '历史' } }, { user: '那理科呢', tools: ['query_admission_plans'], args: { province: '西藏', year: 2024, subject_type: '物理' } }] },

  // batch lines
  { name: '江苏本科线', turns: [{ user: '江苏 2024 年本科线是多少？', tools: ['query_batch_lines'], args: { province: '江苏', year: 2024 } }] },
  { name: '河南一本线', turns: [{ user: '河南 2023 年一本线', tools: ['query_batch_lines'], args: { province: '河南', year: 2023, batch: '本科一批' } }] },
  { name: '批次线全称省份换年份', turns: [{ user: '内蒙古自治区 2024 年的批次线', tools: ['query_batch_lines'], args: { province: '内蒙古', year: 2024 } }, { user: '换成 2023 年', tools: ['query_batch_lines'], args: { province: '内蒙古', year: 2023 } }] },

  // major rankings
  { name: '计科排名', turns: [{ user: '计算机科学与技术专业排名前十的学校', tools: ['query_major_rankings'], args: { major_name: '计算机科学与技术' } }] },
  { name: '浙大A+专业', turns: [{ user: '浙江大学有哪些 A+ 专业？', tools: ['query_major_rankings'], args: { university_name: '浙江大学', grade: 'A+' } }] },
  { name: '法学最强', turns: [{ user: '哪些学校的法学最强？', tools: ['query_major_rankings'], args: { major_name: '法学' } }] },

  // discipline evaluations
  { name: '计算机A+评估', turns: [{ user: '第四轮学科评估计算机 A+ 的学校', tools: ['query_discipline_evaluations'], args: { discipline_name: '计算机', grade: 'A+' } }] },
  { name: '武大学科评估', turns: [{ user: '武汉大学的学科评估结果', tools: ['query_discipline_evaluations'], args: { university_name: '武汉大学' } }] },
  { name: '评估换学校', turns: [{ user: '北京大学的学科评估结果', tools: ['query_discipline_evaluations'], args: { university_name: '北京大学' } }, { user: '那清华大学呢？', tools: ['query_discipline_evaluations'], args: { university_name: '清华大学' } }] },

  // mixed multi-turn
  {
    name: '从搜索到详情',
    turns: [
      { user: '北京有哪些 211 大学？', tools: ['search_universities'], args: { province: '北京', level: '211' } },
      { user: '第三所学校的详情', tools: ['get_university'] },
    ],
  },
  {
    name: '专业搜索到详情',
    turns: [
      { user: '有哪些计算机类专业？', tools: ['search_majors'], args: { sub_category: '计算机类' } },
      { user: '第一个专业的详情', tools: ['get_major'] },
    ],
  },
  { name: '问候后查询', turns: [{ user: '你好', tools: [] }, { user: '河南 2025 年物理类 600 分排多少名？', tools: ['query_rank_table'], args: { province: '河南', score: 600 } }, { user: '谢谢', tools: [] }] },
  { name: '英文提问', turns: [{ user: 'What can you do?', tools: ['site_about'] }] },
  { name: '短名清华分数线', turns: [{ user: '清华 2024 年在河南的录取分数线', tools: ['query_score_lines'], args: { university_name: '清华', province: '河南', year: 2024 } }] },
  { name: '哈工大2023北京', turns: [{ user: '哈工大 2023 年在北京的录取线', tools: ['query_score_lines'], args: { university_name: '哈工大', province: '北京', year: 2023 } }] },
  { name: '不带分字的分数', turns: [{ user: '我是河北的，物理类 580，能上哪些学校', tools: ['match_by_score'], args: { province: '河北', score: 580, subject_type: '物理' } }] },
  { name: '软科前20', turns: [{ user: '软科排名前 20 的大学', tools: ['search_universities'], args: { max_ranking: 20 } }] },
  { name: '中南大学介绍', turns: [{ user: '中南大学介绍', tools: ['get_university'], args: { name: '中南大学' } }] },
  { name: '法学开设', turns: [{ user: '法学专业有哪些学校开设', tools: ['get_major'], args: { name: '法学' } }] },
  { name: '排多少位', turns: [{ user: '广东 2025 年物理类 600 分能排多少位', tools: ['query_rank_table'], args: { province: '广东', year: 2025, score: 600 } }] },
  { name: '专业就业', turns: [{ user: '哲学专业就业怎么样', tools: ['get_major'], args: { name: '哲学' } }] },
  { name: '某校某专业排名', turns: [{ user: '西安电子科技大学计算机排名', tools: ['query_major_rankings'], args: { university_name: '西安电子科技大学', major_name: '计算机' } }] },

  // the site's own content: notes, forum, site search, pages, the daily brief
  { name: '看看笔记', turns: [{ user: '看看笔记', tools: ['read_notes'] }] },
  { name: '随机一篇带种子', turns: [{ user: '随便看看，推荐一篇，种子 42', tools: ['random_note'], args: { seed: '42' } }] },
  { name: '论坛搜平行志愿', turns: [{ user: '论坛帖子里有没有讲“平行志愿”的', tools: ['search_forum'], args: { q: '平行志愿' } }] },
  { name: '站内搜索八字', turns: [{ user: '站内搜索“八字”', tools: ['search_site'], args: { q: '八字' } }] },
  { name: '读数据接口页面', turns: [{ user: '读一下页面 data-api', tools: ['read_page'], args: { slug: 'data-api' } }] },
  { name: '离高考还有多少天', turns: [{ user: '离高考还有多少天？', tools: ['daily_brief'] }] },

  // the concrete calculator, from the way engineers write a member
  { name: '混凝土梁配筋', turns: [{ user: 'C30梁250×500，M=180kN·m，HRB400，要配多少钢筋？', tools: ['calc_concrete'], args: { kind: 'beam', params: { b: 250, h: 500, moment: 180, concrete_grade: 30, steel_grade: 360 } } }] },
  { name: '轴压柱承载力', turns: [{ user: 'C30 400×400 轴心受压柱，N=2000kN，l0=4m，As=1256，承载力够吗', tools: ['calc_concrete'], args: { kind: 'column', params: { b: 400, h: 400, N: 2000, l0: 4, As: 1256 } } }] },
];

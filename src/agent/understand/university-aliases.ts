// Short names and nicknames people use in chat that the data's own alias table (university_aliases, built from
// published spellings) does not hold. One name → one university; a short name several universities share is
// listed under AMBIGUOUS with every university it is used for, so the assistant offers them instead of guessing.
// The data's aliases and src/data/normalize.ts SCHOOL_ALIASES are read too; this list only adds to them.

export const CHAT_ALIASES: Readonly<Record<string, string>> = {
  上交: '上海交通大学', 上交大: '上海交通大学', 沪交: '上海交通大学', 西交大: '西安交通大学', 北交: '北京交通大学',
  西南交大: '西南交通大学', 清华大学: '清华大学', 北京大: '北京大学', 中科院大学: '中国科学院大学', 科大: '中国科学技术大学',
  哈工业大学: '哈尔滨工业大学', 哈尔滨工大: '哈尔滨工业大学', 哈工大威海: '哈尔滨工业大学(威海)',
  山大: '山东大学', 桂电: '桂林电子科技大学', 桂理工: '桂林理工大学', 广大: '广州大学', 川师: '四川师范大学', 郑大: '郑州大学', 苏大: '苏州大学', 深大: '深圳大学', 暨大: '暨南大学', 华工: '华南理工大学',
  华南理工: '华南理工大学', 中山: '中山大学', 西农: '西北农林科技大学', 西北农林: '西北农林科技大学', 西南大: '西南大学',
  西大: '西北大学', 云大: '云南大学', 贵大: '贵州大学', 广西大: '广西大学', 新大: '新疆大学', 宁大: '宁波大学',
  杭电: '杭州电子科技大学', 浙工大: '浙江工业大学', 浙师大: '浙江师范大学', 南师大: '南京师范大学', 南师: '南京师范大学',
  华东师: '华东师范大学', 华中师大: '华中师范大学', 华南师大: '华南师范大学', 华中农大: '华中农业大学', 华南农大: '华南农业大学',
  北师: '北京师范大学', 北理: '北京理工大学', 首师大: '首都师范大学', 陕师大: '陕西师范大学', 东北师大: '东北师范大学', 湖南师大: '湖南师范大学',
  中南: '中南大学', 中南财大: '中南财经政法大学', 中南财经: '中南财经政法大学', 西南财大: '西南财经大学', 西财: '西南财经大学',
  上海财经: '上海财经大学', 中财: '中央财经大学', 东财: '东北财经大学', 江财: '江西财经大学', 浙财: '浙江财经大学',
  中国政法: '中国政法大学', 法大: '中国政法大学', 西政: '西南政法大学', 华政: '华东政法大学', 北二外: '北京第二外国语学院',
  广外: '广东外语外贸大学', 北语: '北京语言大学', 北中医: '北京中医药大学', 协和: '北京协和医学院', 南医大: '南京医科大学',
  首医: '首都医科大学', 中国医大: '中国医科大学', 北林: '北京林业大学', 北化: '北京化工大学', 北工大: '北京工业大学',
  北科: '北京科技大学', 北体: '北京体育大学', 中传: '中国传媒大学', 中戏: '中央戏剧学院', 央美: '中央美术学院', 央音: '中央音乐学院',
  河海: '河海大学', 南农: '南京农业大学', 南邮: '南京邮电大学', 南信大: '南京信息工程大学',
  江大: '江南大学', 合工大: '合肥工业大学', 安大: '安徽大学', 福大: '福州大学', 南昌大: '南昌大学', 湘大: '湘潭大学',
  长理: '长沙理工大学', 武理: '武汉理工大学', 武汉理工: '武汉理工大学', 地大: '中国地质大学（武汉）', 中地大: '中国地质大学（武汉）',
  矿大: '中国矿业大学', 石大: '中国石油大学（华东）', 海大: '中国海洋大学', 中海大: '中国海洋大学', 东华: '东华大学',
  上大: '上海大学', 上理: '上海理工大学', 华理: '华东理工大学', 东北大: '东北大学', 辽大: '辽宁大学', 大连理工: '大连理工大学',
  吉林大: '吉林大学', 哈医大: '哈尔滨医科大学', 川农: '四川农业大学', 西南石油: '西南石油大学', 成理: '成都理工大学',
  西北大: '西北大学', 长安大: '长安大学', 西工: '西北工业大学', 西邮: '西安邮电大学', 兰州大: '兰州大学', 港中文深圳: '香港中文大学（深圳）',
  南科大: '南方科技大学', 上科大: '上海科技大学', 国科大: '中国科学院大学', 北大医学部: '北京大学', 人民大学: '中国人民大学',
};

/** Short names shared by several universities: offered as candidates, never resolved to one of them. */
export const AMBIGUOUS_ALIASES: Readonly<Record<string, readonly string[]>> = {
  华师: ['华中师范大学', '华东师范大学', '华南师范大学'],
  华师大: ['华中师范大学', '华东师范大学', '华南师范大学'],
  华农: ['华中农业大学', '华南农业大学'],
  河大: ['河南大学', '河北大学'],
  交大: ['上海交通大学', '西安交通大学', '北京交通大学', '西南交通大学'],
  中大: ['中山大学', '中南大学'],
  东大: ['东南大学', '东北大学'],
  石油大学: ['中国石油大学（北京）', '中国石油大学（华东）'],
  地质大学: ['中国地质大学（北京）', '中国地质大学（武汉）'],
  矿业大学: ['中国矿业大学', '中国矿业大学（北京）'],
};

/**
 * Aliases that are also ordinary words: the alias counts only when none of these follows it
 * (重大变化, 东南亚, 天大的事, 人大代表, 中山路, 海大的).
 */
export const WORD_COLLISIONS: Readonly<Record<string, RegExp>> = {
  重大: /^(事|变|问|意|项|突|决|影|贡|成|损|疾|风|改|调|利|进|失|区|活|节|发|危|工|责|隐|案|误|新|课)/,
  东南: /^(亚|方|风|沿|部|角|西北)/,
  天大: /^(的|地|好|喜)/,
  人大: /^(代表|常委|会|立法|主任)/,
  中山: /^(路|公园|陵|装|市|装)/,
  中南: /^(海|部|地区|半岛)/,
  东华: /^(门)/,
  海大: /^(的|了)/,
  华工: /^(科技|集团)/,
  北科: /^(院)/,
  科大: /^(讯飞)/,
  西工: /^(大)/,
  地大: /^(物博)/,
  南师: /^(傅)/,
  东大: /^(门|学生)/,
  中大: /^(型|小|号|户|奖)/,
};

/** English names used in questions written in English (matched case-insensitively, whole words). */
export const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  'peking university': '北京大学', 'beijing university': '北京大学', pku: '北京大学', bupt: '北京邮电大学', buaa: '北京航空航天大学', zju: '浙江大学', nju: '南京大学', whu: '武汉大学', ruc: '中国人民大学', bnu: '北京师范大学', scut: '华南理工大学', uestc: '电子科技大学', nwpu: '西北工业大学', xjtu: '西安交通大学', 'tsinghua university': '清华大学', tsinghua: '清华大学', 'fudan university': '复旦大学', fudan: '复旦大学',
  'zhejiang university': '浙江大学', 'shanghai jiao tong university': '上海交通大学', sjtu: '上海交通大学', 'nanjing university': '南京大学',
  'wuhan university': '武汉大学', 'sun yat-sen university': '中山大学', 'zhengzhou university': '郑州大学', 'sichuan university': '四川大学',
  'university of science and technology of china': '中国科学技术大学', ustc: '中国科学技术大学', 'harbin institute of technology': '哈尔滨工业大学',
  'xi\'an jiaotong university': '西安交通大学', 'tongji university': '同济大学', 'nankai university': '南开大学', 'tianjin university': '天津大学',
  'renmin university of china': '中国人民大学', 'renmin university': '中国人民大学', 'beihang university': '北京航空航天大学', 'xiamen university': '厦门大学',
  'huazhong university of science and technology': '华中科技大学', hust: '华中科技大学', 'shandong university': '山东大学', 'jilin university': '吉林大学',
  'central south university': '中南大学', 'southeast university': '东南大学', 'beijing normal university': '北京师范大学', 'henan university': '河南大学',
  'east china normal university': '华东师范大学', 'south china university of technology': '华南理工大学', 'chongqing university': '重庆大学',
  'lanzhou university': '兰州大学', 'hunan university': '湖南大学', 'xidian university': '西安电子科技大学', 'shenzhen university': '深圳大学',
};

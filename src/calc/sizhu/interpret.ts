// The Chinese text reading, assembled only from the computed chart and framed as cultural study: every sentence
// says what tradition reads from a named feature, never what will happen.
import type { Strength } from './strength.ts';
import type { Favourable } from './favourable.ts';
import type { Pattern } from './pattern.ts';
import type { Relation } from './relations.ts';
import type { StarHit } from './shensha.ts';
import type { ElementStats } from './elements.ts';

export interface InterpretationParts {
  pillars: string[];
  dayMaster: string; // e.g. 辛金
  dayMasterYinYang: string;
  sex: '男' | '女';
  elements: ElementStats;
  strength: Strength;
  favourable: Favourable;
  pattern: Pattern;
  relations: Relation[];
  stars: StarHit[];
  luck: { direction: string; startAge: number; startDate: string; first: string };
}

const ELEMENT_TEMPERAMENT: Record<string, string> = {
  木: '仁，主生发、条达',
  火: '礼，主光明、升腾',
  土: '信，主厚重、承载',
  金: '义，主刚断、收敛',
  水: '智，主流动、润下',
};

export function interpret(p: InterpretationParts): string {
  const lines: string[] = [];
  lines.push('【说明】以下为依传统子平命理规则对本盘的文化研究式解读，列出各判断所依之法，仅供了解传统文化，不构成对个人命运的预测或建议。');
  lines.push(`【四柱】${p.sex}命，八字为${p.pillars.join(' ')}，日主${p.dayMaster}（${p.dayMasterYinYang}）。传统上五行配五常，${p.dayMaster.slice(-1)}行对应「${ELEMENT_TEMPERAMENT[p.dayMaster.slice(-1)]}」之象。`);
  const e = p.elements;
  lines.push(`【五行】按加权计分，${e.strongest}最旺、${e.weakest}最弱${e.missing.length ? `，原局八字不见${e.missing.join('、')}` : '，八字五行俱全'}。`);
  const f = p.strength.factors;
  lines.push(`【强弱】日主得分 ${p.strength.score}（得令 ${f[0].score}/40，得地 ${f[1].score}/30，得势 ${f[2].score}/30），按本规则判为「${p.strength.level}」。${p.strength.candidates.length ? `另有${p.strength.candidates.join('；')}，传统上需另作审视。` : ''}`);
  lines.push(`【喜忌】${p.favourable.rule_fired}。据此传统上以${p.favourable.favourable.join('、')}为喜用，以${p.favourable.unfavourable.join('、') || '（无）'}为忌。`);
  lines.push(`【格局】${p.pattern.basis}，取「${p.pattern.name}」。${p.pattern.candidates.length ? `候选：${p.pattern.candidates.join('；')}。` : ''}`);
  if (p.relations.length) {
    const names = p.relations.map((r) => `${r.name}（${r.pillars.join('、')}）`);
    lines.push(`【刑冲合会】原局见${names.join('、')}。传统上合主和合牵绊，冲主动荡变化，刑害主摩擦，皆须结合喜忌看待。`);
  } else {
    lines.push('【刑冲合会】原局干支之间未见合、冲、刑、害、破。');
  }
  if (p.stars.length) {
    const names = [...new Set(p.stars.map((s) => s.name))];
    lines.push(`【神煞】依所列规则，原局见${names.join('、')}。神煞在子平法中为辅助参考，传统上以格局喜忌为主、神煞为次。`);
  }
  lines.push(`【大运】大运${p.luck.direction}，约于${p.luck.startDate}（虚岁 ${p.luck.startAge} 岁）交入第一步大运${p.luck.first}，此后每十年一换。`);
  return lines.join('\n');
}

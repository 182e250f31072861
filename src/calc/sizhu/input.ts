// The request schema, shared by the engine, the sizhu tool and POST /v1/sizhu (one definition).
import { z } from 'zod';
import { daysInMonth } from './civil.ts';
import { LUCK_METHODS } from './luck.ts';

export const ZI_HOUR_OPTIONS = ['day-changes-at-23', 'split'] as const;
export const TIME_BASIS_OPTIONS = ['china-civil', 'china-standard'] as const;

export const sizhuInput = z
  .object({
    year: z.number().int().min(1900).max(2100).describe('出生年（公历，1900–2100）Birth year, Gregorian, 1900–2100'),
    month: z.number().int().min(1).max(12).describe('出生月 1–12 Birth month'),
    day: z.number().int().min(1).max(31).describe('出生日 1–31（须为该月实有之日）Birth day; must exist in that month'),
    hour: z.number().int().min(0).max(23).describe('出生时 0–23（中国钟表时间）Birth hour on the China clock, 0–23'),
    minute: z.number().int().min(0).max(59).describe('出生分 0–59 Birth minute'),
    sex: z.enum(['m', 'f']).describe('性别：m 男，f 女（决定大运顺逆）Sex: m male, f female (sets the luck direction)'),
    longitude: z
      .number()
      .min(-180)
      .max(180)
      .optional()
      .describe('可选：出生地经度（东经为正），给出则日柱、时柱按真太阳时 Optional birthplace longitude (east positive); day and hour pillars then use true solar time'),
    zi_hour: z
      .enum(ZI_HOUR_OPTIONS)
      .optional()
      .describe('子时约定：day-changes-at-23（默认，子初换日）或 split（晚子时日柱不换）23:00–23:59 convention: day-changes-at-23 (default) or split'),
    luck_method: z
      .enum(LUCK_METHODS)
      .optional()
      .describe('起运折算：tyme-default（默认，按秒）、china95、lunar-sect1、lunar-sect2 How the span to the 节 becomes the luck start'),
    time_basis: z
      .enum(TIME_BASIS_OPTIONS)
      .optional()
      .describe('时间基准：china-civil（默认，自动扣除 1986–1991 夏令时）或 china-standard（所给时间已是北京时间 UTC+8，不再扣除）Clock basis: china-civil (default, 1986–1991 daylight saving removed) or china-standard (already UTC+8)'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Number.isInteger(v.year) && Number.isInteger(v.month) && Number.isInteger(v.day) && v.month >= 1 && v.month <= 12) {
      const max = daysInMonth(v.year, v.month);
      if (v.day > max) {
        ctx.addIssue({ code: 'custom', path: ['day'], message: `${v.year}-${String(v.month).padStart(2, '0')} has ${max} days; ${v.day} does not exist` });
      }
    }
  });

export type SizhuInput = z.output<typeof sizhuInput>;

// The built-in hot-rolled H table (steel.md §2.3): GB/T 11263-2017 dimensions and root radii. Data only; the
// properties are computed from these by §2.2 (sections.ts), so a later edition is a change to this file alone.

export interface RolledH {
  designation: string;
  h: number;
  b: number;
  tw: number;
  tf: number;
  r: number;
}

export const ROLLED_H: readonly RolledH[] = [
  { designation: 'HW100x100x6x8', h: 100, b: 100, tw: 6, tf: 8, r: 8 },
  { designation: 'HW125x125x6.5x9', h: 125, b: 125, tw: 6.5, tf: 9, r: 8 },
  { designation: 'HW150x150x7x10', h: 150, b: 150, tw: 7, tf: 10, r: 8 },
  { designation: 'HW175x175x7.5x11', h: 175, b: 175, tw: 7.5, tf: 11, r: 13 },
  { designation: 'HW200x200x8x12', h: 200, b: 200, tw: 8, tf: 12, r: 13 },
  { designation: 'HW250x250x9x14', h: 250, b: 250, tw: 9, tf: 14, r: 13 },
  { designation: 'HW300x300x10x15', h: 300, b: 300, tw: 10, tf: 15, r: 13 },
  { designation: 'HW350x350x12x19', h: 350, b: 350, tw: 12, tf: 19, r: 13 },
  { designation: 'HW400x400x13x21', h: 400, b: 400, tw: 13, tf: 21, r: 22 },
  { designation: 'HM194x150x6x9', h: 194, b: 150, tw: 6, tf: 9, r: 8 },
  { designation: 'HM244x175x7x11', h: 244, b: 175, tw: 7, tf: 11, r: 13 },
  { designation: 'HM294x200x8x12', h: 294, b: 200, tw: 8, tf: 12, r: 13 },
  { designation: 'HM340x250x9x14', h: 340, b: 250, tw: 9, tf: 14, r: 13 },
  { designation: 'HM390x300x10x16', h: 390, b: 300, tw: 10, tf: 16, r: 13 },
  { designation: 'HM440x300x11x18', h: 440, b: 300, tw: 11, tf: 18, r: 13 },
  { designation: 'HM488x300x11x18', h: 488, b: 300, tw: 11, tf: 18, r: 13 },
  { designation: 'HM588x300x12x20', h: 588, b: 300, tw: 12, tf: 20, r: 13 },
  { designation: 'HN200x100x5.5x8', h: 200, b: 100, tw: 5.5, tf: 8, r: 8 },
  { designation: 'HN250x125x6x9', h: 250, b: 125, tw: 6, tf: 9, r: 8 },
  { designation: 'HN300x150x6.5x9', h: 300, b: 150, tw: 6.5, tf: 9, r: 13 },
  { designation: 'HN350x175x7x11', h: 350, b: 175, tw: 7, tf: 11, r: 13 },
  { designation: 'HN400x200x8x13', h: 400, b: 200, tw: 8, tf: 13, r: 13 },
  { designation: 'HN446x199x8x12', h: 446, b: 199, tw: 8, tf: 12, r: 13 },
  { designation: 'HN450x200x9x14', h: 450, b: 200, tw: 9, tf: 14, r: 13 },
  { designation: 'HN500x200x10x16', h: 500, b: 200, tw: 10, tf: 16, r: 13 },
  { designation: 'HN600x200x11x17', h: 600, b: 200, tw: 11, tf: 17, r: 13 },
];

// Run in a separate Node process by generator.test.ts: casts a few seeds with every method from the database given
// as argv[2] and prints the full results as JSON, so the test can compare them with its own process.
import Database from 'better-sqlite3';
import { castHexagram, METHODS, yijingText } from '../../../src/calc/yijing/index.ts';

const db = new Database(process.argv[2]!, { readonly: true });
const seeds = JSON.parse(process.argv[3]!) as (string | number)[];
const text = yijingText(db);
const out = METHODS.flatMap((method) => seeds.map((seed) => castHexagram(text, { method, seed, question: '复现' })));
process.stdout.write(JSON.stringify(out));

// Several questions in one message (「河南2024年一本线多少？郑州大学2024年理科最低分多少？」): the message is cut
// at sentence ends; the understanding then plans each piece that asks something, and a piece that only states
// facts (「我是河南考生，物理类。」) is context for the pieces after it.

// also a comma (or a space after a Chinese word) before 顺便 / 另外 / 再帮我, a comma before 还有: a second request in
// the same sentence
const SENTENCE_END = /(?<=[？?！!。；;\n])|(?:[，,]|(?<=[\u4e00-\u9fff])\s)\s*(?=顺便|另外|再帮我|再给我|同时帮我)|[，,]\s*(?=还有)/;

/** The sentences of a message, trimmed, in order (a message without sentence ends is one sentence). */
export function sentences(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter((s) => s.replace(/[？?！!。；;\s]/g, '').length > 0);
}

// The generated parts of bench/results.md and README.md, each between its own markers
// (`<!-- name:start -->` … `<!-- name:end -->`): a run replaces only the parts it measured and
// keeps everything else in the file as it was, the hand-written sections included.

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/**
 * `text` with the part named `name` replaced by `content`; a part the text does not have yet is
 * put at its start or its end (`where`).
 */
export function replaceSection(text, name, content, where = 'end') {
  const [start, end] = markers(name);
  const section = `${start}\n${content.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) return text.slice(0, from) + section + text.slice(to + end.length);
  return where === 'start' ? `${section}\n\n${text.trimStart()}` : `${text.trimEnd()}\n\n${section}\n`;
}

#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/) under OUT, one
directory per target, from what the repository already holds:

- board_text: the boards of conformance/*/*.json and the text blocks of
  docs/board-format.md;
- scenario_<edition>: the scenario files of conformance/<edition>/ and the
  scenario examples of the docs;
- batch_line, lobby_body, server_frame: the JSON examples of the README,
  docs/, the batch module and the server's sources, each sorted to the
  target whose input it looks like (a server frame prefixed with the byte
  that picks the match it goes to and whether its connection says hello);
- the save targets' seeds are not written here: each save target writes
  its own (ROBORALLY_FUZZ_SAVE_SEEDS, see scripts/fuzz-ci.sh).

Usage, from the repository root:  scripts/fuzz_corpus.py OUT
The corpora are generated, not committed.
"""
import glob, hashlib, json, os, re, sys

EDITIONS = ['2023', 'classic', 'transformers']
SOURCES = ['README.md', 'docs/*.md', 'docs/*/*.md', 'src/batch/*.rs', 'examples/*.rs',
           'scripts/examples-check.sh', 'roborally-server/README.md',
           'roborally-server/src/*.rs', 'roborally-server/src/*/*.rs']


def write(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), 'wb') as f:
        f.write(data)


def objects(text):
    """Every JSON object written out in `text` (one starting at each `{"`)."""
    dec = json.JSONDecoder()
    for m in re.finditer(r'\{\s*"', text):
        try:
            obj, end = dec.raw_decode(text, m.start())
        except ValueError:
            continue
        if isinstance(obj, dict):
            yield obj, text[m.start():end]


def target_of(obj):
    if 'type' in obj:
        return 'server_frame'
    if 'policies' in obj or ('players' in obj and 'seats' not in obj and 'robots' not in obj):
        return 'batch_line'
    if 'seats' in obj or set(obj) <= {'name', 'seat', 'token', 'bot'}:
        return 'lobby_body'
    if obj.get('edition') in EDITIONS and ('robots' in obj or 'board' in obj or 'course' in obj):
        return 'scenario_' + obj['edition']
    return None


def main(out):
    counts = {}

    def put(target, data):
        write(out, target, data)
        counts[target] = counts.get(target, 0) + 1

    for edition in EDITIONS:
        for path in sorted(glob.glob(f'conformance/{edition}/*.json')):
            with open(path, encoding='utf-8') as f:
                text = f.read()
            put('scenario_' + edition, text)
            board = json.loads(text).get('board')
            if isinstance(board, list):
                put('board_text', '\n'.join(board) + '\n')
    with open('docs/board-format.md', encoding='utf-8') as f:
        for block in re.findall(r'```text\n(.*?)```', f.read(), re.S):
            if block.lstrip().startswith('+'):
                put('board_text', block)
    for pattern in SOURCES:
        for path in sorted(glob.glob(pattern)):
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for obj, raw in objects(text):
                target = target_of(obj)
                if target == 'server_frame':
                    # First byte: bit 7 says hello first, the rest picks
                    # the match (one per edition).
                    for first in (0x00, 0x80, 0x81, 0x82, 0x83):
                        put(target, bytes([first]) + raw.encode())
                elif target:
                    put(target, raw)
    for target in sorted(counts):
        print(f'{target}: {len(os.listdir(os.path.join(out, target)))} seeds')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])

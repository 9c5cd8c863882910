#!/usr/bin/env python3
"""Writes a classic board in the board text format from a compact layout.

Usage: classic_board.py LAYOUT > board.txt

A layout file: rows of space-separated cell codes, then a line `walls`
and lines `x,y SIDES` (sides among NESW). Codes: `.` floor, `O` pit,
`D1`..`D8` docks, `w`/`W` repair sites, `GL`/`GR` gears, anything else is
the three-character glyph padded with spaces (`y>`, `e^l`, `p>1`, `L<2`).
"""
import sys

CODES = {'.': ' . ', 'O': '[ ]', 'w': ' w ', 'W': ' W ', 'GL': '(L)', 'GR': '(R)'}

def glyph(code):
    if code in CODES:
        return CODES[code]
    return code.ljust(3)

def main(path):
    rows, walls, in_walls = [], {}, False
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        if line == 'walls':
            in_walls = True
            continue
        if in_walls:
            cell, sides = line.split()
            x, y = map(int, cell.split(','))
            walls.setdefault((x, y), set()).update(sides)
        else:
            rows.append([glyph(c) for c in line.split()])
    h, w = len(rows), len(rows[0])
    assert all(len(r) == w for r in rows), path
    def wall(x, y, side):
        return side in walls.get((x, y), set())
    out = []
    for y in range(h + 1):
        s = '+'
        for x in range(w):
            top = y < h and wall(x, y, 'N')
            bottom = y > 0 and wall(x, y - 1, 'S')
            s += ('---' if top or bottom else '   ') + '+'
        out.append(s)
        if y == h:
            break
        s = '|' if wall(0, y, 'W') else ' '
        for x in range(w):
            s += rows[y][x]
            right = wall(x, y, 'E') or (x + 1 < w and wall(x + 1, y, 'W'))
            s += '|' if right else ' '
        out.append(s.rstrip())
    print('\n'.join(out))

main(sys.argv[1])

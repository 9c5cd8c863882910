#!/usr/bin/env python3
"""Writes a classic board in the board text format from a compact layout.

Usage: classic_board.py LAYOUT > board.txt

A layout file: rows of space-separated cell codes, then optionally a line
`levels` and one row of digits per board row (0 ground, 1 upper level),
then optionally a line `cells` and notes `x,y: note` for composite cells
(`crusher 2/4`, `laser >1`), then a line `walls` and lines `x,y SIDES...` (sides among NESW: a wall;
or a side and an arrow such as `E>` or `Nv`: a one-way wall on that side,
passable towards the arrow). Codes: `.` floor, `O` pit, `D1`..`D8` docks,
`w`/`W` repair sites, `GL`/`GR` gears, `~` water, `oil` oil slick, `T`
teleporter, `$` chop shop, anything else is the three-character glyph
padded with spaces (`y>`, `e^l`, `p>1`, `L<2`, `c>`, `O1`, `R>`, `/>`).
"""
import sys

CODES = {'.': ' . ', 'O': '[ ]', 'w': ' w ', 'W': ' W ', 'GL': '(L)', 'GR': '(R)',
         '~': ' ~ ', 'oil': ' o ', 'T': ' T ', '$': ' $ '}

def glyph(code):
    if code in CODES:
        return CODES[code]
    return code.ljust(3)

def main(path):
    rows, walls, oneway, levels, notes, part = [], {}, {}, [], [], 'rows'
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        if line in ('walls', 'levels', 'cells'):
            part = line
            continue
        if part == 'walls':
            cell, *sides = line.split()
            x, y = map(int, cell.split(','))
            for side in sides:
                if len(side) == 2 and side[1] in '<>^v':
                    oneway[(x, y, side[0])] = side[1]
                else:
                    walls.setdefault((x, y), set()).update(side)
        elif part == 'levels':
            levels.append(line)
        elif part == 'cells':
            notes.append(line)
        else:
            rows.append([glyph(c) for c in line.split()])
    h, w = len(rows), len(rows[0])
    assert all(len(r) == w for r in rows), path
    assert not levels or (len(levels) == h and all(len(r) == w for r in levels)), path
    def wall(x, y, side):
        return side in walls.get((x, y), set())
    def one(x, y, side, x2, y2, side2):
        return oneway.get((x, y, side)) or oneway.get((x2, y2, side2))
    out = []
    for y in range(h + 1):
        s = '+'
        for x in range(w):
            top = y < h and wall(x, y, 'N')
            bottom = y > 0 and wall(x, y - 1, 'S')
            arrow = one(x, y, 'N', x, y - 1, 'S')
            s += ('---' if top or bottom else arrow * 3 if arrow else '   ') + '+'
        out.append(s)
        if y == h:
            break
        s = '|' if wall(0, y, 'W') else ' '
        for x in range(w):
            s += rows[y][x]
            right = wall(x, y, 'E') or (x + 1 < w and wall(x + 1, y, 'W'))
            arrow = one(x, y, 'E', x + 1, y, 'W')
            s += '|' if right else arrow if arrow else ' '
        out.append(s.rstrip())
    if levels and any(c != '0' for r in levels for c in r):
        out.append('levels')
        out.extend(levels)
    if notes:
        out.append('cells')
        out.extend(notes)
    print('\n'.join(out))

main(sys.argv[1])
